# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
import os
import lit.formats

config.name = "retrylint"

# The build's values (tool paths) live in <build>/test/lit.site.cfg.py; ctest
# passes it as a parameter so lit can run straight from the source tree.
if not hasattr(config, "retrylint_obj_root"):
    site = lit_config.params.get("retrylint_site_config")
    if not site or not os.path.exists(site):
        lit_config.fatal("run through ctest, or pass --param "
                         "retrylint_site_config=<build>/test/lit.site.cfg.py")
    lit_config.load_config(config, site)
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".c", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "check_retrylint.py",
                   "lit.cfg.py", "lit.site.cfg.py.in",
                   # scored by score_corpus.py, not lit tests
                   "realcode", "corpus", "score_corpus.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.retrylint_obj_root, "test")

# LLVM 22's tools first: /usr/bin/clang-tidy is an older, incompatible one.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.retrylint_bin_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["CLANG_NO_DEFAULT_CONFIG"] = "1"
config.environment["HOME"] = os.environ.get("HOME", "/tmp")
for var in ("TMPDIR",):
    if var in os.environ:
        config.environment[var] = os.environ[var]

tidy = os.path.join(config.llvm_tools_dir, "clang-tidy")
config.substitutions.append(("%retrylint", os.path.join(config.retrylint_bin_dir, "retrylint")))
config.substitutions.append(("%retry_plugin", config.retrylint_plugin))
config.substitutions.append(("%clang_tidy", tidy))
config.substitutions.append(("%retry_probe", config.retry_probe))
config.substitutions.append(("%retry_clangd", config.retrylint_clangd))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%examples", os.path.join(config.retrylint_src_root, "examples")))
config.substitutions.append(("%src_root", config.retrylint_src_root))
config.substitutions.append(("%check_retrylint", "%s %s --retrylint=%s --plugin=%s --clang-tidy=%s" % (
    config.python_executable, os.path.join(config.test_source_root, "check_retrylint.py"),
    os.path.join(config.retrylint_bin_dir, "retrylint"), config.retrylint_plugin, tidy)))

if config.have_probe:
    config.available_features.add("probe")
if config.have_clangd:
    config.available_features.add("clangd")
# examples/ built by the main build (test/CMakeLists.txt): its binaries and
# compile_commands.json. First, so %examples does not eat its prefix.
if getattr(config, "have_examples", False):
    config.available_features.add("examples-built")
    config.substitutions.insert(0, ("%examples_build", config.examples_build))

# Delivery paths (driver/): SARIF output is validated against the SARIF 2.1.0
# schema, vendored from the OASIS SARIF TC repository (oasis-tcs/sarif-spec,
# sarif-2.1/schema/sarif-schema-2.1.0.json, commit e058381); those tests also
# need python3-jsonschema.
import shutil
import subprocess
sarif_schema = os.path.join(config.test_source_root, "driver", "Inputs",
                            "sarif-schema-2.1.0.json")
config.substitutions.append(("%sarif_schema", sarif_schema))
if os.path.exists(sarif_schema) and subprocess.call(
        [config.python_executable, "-c", "import jsonschema"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("sarif-schema")
for tool, feature in (("git", "git"), ("pre-commit", "pre-commit"),
                      ("cmake", "cmake"), ("ninja", "ninja"),
                      ("run-clang-tidy-22", "run-clang-tidy")):
    if shutil.which(tool, path=config.environment["PATH"]):
        config.available_features.add(feature)
config.substitutions.append(("%pre_commit_script", os.path.join(
    config.retrylint_src_root, "driver", "retrylint-pre-commit")))
# git in tests: no user or system configuration, a fixed identity.
for var, val in (("GIT_CONFIG_NOSYSTEM", "1"), ("GIT_AUTHOR_NAME", "retrylint test"),
                 ("GIT_AUTHOR_EMAIL", "test@example.invalid"),
                 ("GIT_COMMITTER_NAME", "retrylint test"),
                 ("GIT_COMMITTER_EMAIL", "test@example.invalid")):
    config.environment[var] = val
config.substitutions.append(("%llvm_tools", config.llvm_tools_dir))
