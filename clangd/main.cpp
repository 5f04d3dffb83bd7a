// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// retrylint-clangd: clangd with the `retry` clang-tidy module linked in.
// Everything but the resource-dir default is clangd's own main.

#include "HelpLinks.h"
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

/// Takes `--retrylint-docs-url=URL` out of \p Args into \p Url (the docs
/// base of the diagnostics' links, as retrylint's --docs-url).
static bool takeDocsUrlFlag(std::vector<char *> &Args, std::string &Url) {
  static const char Flag[] = "--retrylint-docs-url=";
  for (auto It = Args.begin() + 1; It != Args.end();) {
    if (std::strncmp(*It, Flag, sizeof(Flag) - 1) != 0) {
      ++It;
      continue;
    }
    Url = *It + sizeof(Flag) - 1;
    if (!Url.empty() && Url.rfind("https://", 0) != 0 &&
        Url.rfind("http://", 0) != 0) {
      std::fprintf(stderr,
                   "retrylint-clangd: error: --retrylint-docs-url: '%s' is "
                   "not an http:// or https:// URL\n",
                   Url.c_str());
      return false;
    }
    It = Args.erase(It);
  }
  return true;
}

/// Whether clangd speaks LSP on standard output this run (not --help,
/// --version or --check, which print text).
static bool speaksLsp(const std::vector<char *> &Args) {
  for (size_t I = 1; I < Args.size(); ++I) {
    const char *A = Args[I];
    A += A[0] == '-' && A[1] == '-' ? 2 : A[0] == '-' ? 1 : 0;
    if (std::strncmp(A, "help", 4) == 0 || std::strcmp(A, "version") == 0 ||
        std::strncmp(A, "check", 5) == 0)
      return false;
  }
  return true;
}

int main(int argc, char *argv[]) {
  std::vector<char *> Args(argv, argv + argc);
  std::string DocsUrl = RETRYLINT_DOCS_URL;
  if (!Args.empty() &&
      (!takePreambleBodiesFlag(Args) || !takeDocsUrlFlag(Args, DocsUrl)))
    return 2;
  argc = static_cast<int>(Args.size());
  static std::string ResourceDir =
      std::string("--resource-dir=") + RETRYLINT_CLANG_RESOURCE_DIR;
  if (argc > 0 && needsResourceDir(argc, Args.data()))
    Args.insert(Args.begin() + 1, ResourceDir.data());
  // The one version (VERSION) first; clangd's own line follows.
  for (size_t I = 1; I < Args.size(); ++I)
    if (std::strcmp(Args[I], "--version") == 0 ||
        std::strcmp(Args[I], "-version") == 0) {
      std::printf("retrylint-clangd %s (the retry checks in clangd)\n",
                  RETRYLINT_VERSION);
      std::fflush(stdout);
    }
  bool Links = speaksLsp(Args) && retrylint::startHelpLinks(DocsUrl);
  Args.push_back(nullptr);
  int Status =
      clang::clangd::clangdMain(static_cast<int>(Args.size() - 1), Args.data());
  if (Links)
    retrylint::finishHelpLinks();
  return Status;
}
