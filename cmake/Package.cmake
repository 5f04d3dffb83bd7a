# Debian packages (cpack -G DEB in the build directory):
# - retrylint: the analyzer, the clang-tidy plugin, retrylint-clangd, the
#   pre-commit hook, retrylint(1) and the docs;
# - retry-probe: the runtime probe, libretryprobe, its headers, its CMake
#   package and retry-probe(1).
# Shared-library dependencies come from dpkg-shlibdeps; the rest is declared.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME retrylint)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "retrylint")
set(CPACK_PACKAGE_CONTACT "retrylint maintainers <retrylint@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static analyzer for retry code in C and C++")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL retrylint retryprobe)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "")

set(CPACK_DEBIAN_RETRYLINT_PACKAGE_NAME retrylint)
set(CPACK_COMPONENT_RETRYLINT_DESCRIPTION
  "static analyzer for retry code in C and C++\n\
Finds retries that bill twice (side effects re-sent without an idempotency\n\
key, keys minted per attempt), retries of statuses that never succeed,\n\
retries without a wait, jitter or budget, nested retry layers and\n\
de-duplication stores that forget too soon. Runs as retrylint, as a\n\
clang-tidy-22 plugin and in editors through retrylint-clangd.")
# clang's builtin headers (<stddef.h>, ...) for every analysis; the plugin
# is loaded by clang-tidy-22.
set(CPACK_DEBIAN_RETRYLINT_PACKAGE_DEPENDS "libclang-common-22-dev")
set(CPACK_DEBIAN_RETRYLINT_PACKAGE_RECOMMENDS "clang-tidy-22")
set(CPACK_DEBIAN_RETRYLINT_PACKAGE_SUGGESTS "pre-commit, retry-probe")

set(CPACK_DEBIAN_RETRYPROBE_PACKAGE_NAME retry-probe)
set(CPACK_COMPONENT_RETRYPROBE_DESCRIPTION
  "runtime probe for retry and idempotency failures\n\
Reproduces a charge re-sent after a lost reply, a key minted per attempt and\n\
a de-duplication window shorter than the retries, on loopback sockets and a\n\
real ledger; libretryprobe and its headers let a project's own tests do the\n\
same.")
set(CPACK_DEBIAN_RETRYPROBE_PACKAGE_SUGGESTS "libgtest-dev")

include(CPack)
