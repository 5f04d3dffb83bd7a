// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint-clangd: clangd with the `retry` clang-tidy module linked in.
// Everything but the resource-dir default is clangd's own main.

#include "RetryForceLinker.h"
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

int main(int argc, char *argv[]) {
  std::vector<char *> Args(argv, argv + argc);
  static std::string ResourceDir =
      std::string("--resource-dir=") + RETRYLINT_CLANG_RESOURCE_DIR;
  if (argc > 0 && needsResourceDir(argc, argv))
    Args.insert(Args.begin() + 1, ResourceDir.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
