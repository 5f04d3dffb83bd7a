// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint-clangd: clangd with the `retry` clang-tidy module linked in.
// Everything but the resource-dir default is clangd's own main.

#include "PreambleBodies.h"
#include "RetryForceLinker.h"
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace clang::clangd {
// clangd/tool/ClangdMain.h; Debian installs no clangd headers.
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

static bool isDir(const std::string &P) {
  struct stat St;
  return stat(P.c_str(), &St) == 0 && S_ISDIR(St.st_mode);
}

/// clangd derives the resource directory from its own path
/// (<exe>/../lib/clang/<major>); for a binary outside LLVM's bin directory
/// that does not exist, so default to the LLVM it was built against.
static bool needsResourceDir(int Argc, char *Argv[]) {
  for (int I = 1; I < Argc; ++I)
    if (std::strncmp(Argv[I], "--resource-dir", 14) == 0 ||
        std::strncmp(Argv[I], "-resource-dir", 13) == 0)
      return false;
  char Buf[4096];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N > 0) {
    std::string Exe(Buf, N);
    std::string Dir = Exe.substr(0, Exe.rfind('/'));
    std::string Major = RETRYLINT_CLANG_RESOURCE_DIR;
    Major = Major.substr(Major.rfind('/') + 1);
    if (isDir(Dir + "/../lib/clang/" + Major))
      return false;
  }
  return isDir(RETRYLINT_CLANG_RESOURCE_DIR);
}

/// Takes retrylint's own `--retrylint-preamble-bodies=parse|skip` out of
/// \p Args before clangd, which rejects unknown options, parses them.
static bool takePreambleBodiesFlag(std::vector<char *> &Args) {
  static const char Flag[] = "--retrylint-preamble-bodies=";
  for (auto It = Args.begin() + 1; It != Args.end();) {
    if (std::strncmp(*It, Flag, sizeof(Flag) - 1) != 0) {
      ++It;
      continue;
    }
    const char *V = *It + sizeof(Flag) - 1;
    if (std::strcmp(V, "parse") != 0 && std::strcmp(V, "skip") != 0) {
      std::fprintf(stderr,
                   "retrylint-clangd: error: --retrylint-preamble-bodies "
                   "must be 'parse' or 'skip', not '%s'\n",
                   V);
      return false;
    }
    retrylint::setParsePreambleBodies(std::strcmp(V, "parse") == 0);
    It = Args.erase(It);
  }
  return true;
}

int main(int argc, char *argv[]) {
  std::vector<char *> Args(argv, argv + argc);
  if (!Args.empty() && !takePreambleBodiesFlag(Args))
    return 2;
  argc = static_cast<int>(Args.size());
  static std::string ResourceDir =
      std::string("--resource-dir=") + RETRYLINT_CLANG_RESOURCE_DIR;
  if (argc > 0 && needsResourceDir(argc, Args.data()))
    Args.insert(Args.begin() + 1, ResourceDir.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
