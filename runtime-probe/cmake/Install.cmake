# `cmake --install` lays out the probe as a package (component retryprobe):
# bin/retry-probe, lib/libretryprobe.so (+ its version links) and
# lib/libretryprobe.a, the public headers in include/retryprobe/, and
# lib/cmake/retryprobe: find_package(retryprobe CONFIG) gives
# retryprobe::retryprobe (shared); with COMPONENTS static also
# retryprobe::retryprobe_static, whose private dependencies the consumer
# then links (two export sets, so the shared library's config needs none).
include(CMakePackageConfigHelpers)
install(TARGETS retryprobe_shared EXPORT retryprobeTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT retryprobe
    NAMELINK_COMPONENT retryprobe)
install(TARGETS retryprobe EXPORT retryprobeStaticTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT retryprobe)
install(TARGETS retry-probe
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT retryprobe)
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/retryprobe
  ${RETRYPROBE_GENERATED_INCLUDE}/retryprobe
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT retryprobe
  FILES_MATCHING PATTERN "*.h")
install(EXPORT retryprobeTargets NAMESPACE retryprobe::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retryprobe COMPONENT retryprobe)
install(EXPORT retryprobeStaticTargets NAMESPACE retryprobe::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retryprobe COMPONENT retryprobe)
configure_package_config_file(
  ${CMAKE_CURRENT_SOURCE_DIR}/cmake/retryprobeConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/retryprobeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retryprobe)
# 0.x: a minor version may change the API, so only the same minor matches.
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/retryprobeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/retryprobeConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/retryprobeConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retryprobe COMPONENT retryprobe)
