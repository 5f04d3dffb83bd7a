// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `retrylint init [--force] [dir]`: writes the two files an editor needs to
// show retry-* findings through retrylint-clangd:
//   .clang-tidy  Checks enabling retry-*
//   .clangd      Diagnostics.ClangTidy.FastCheckFilter: Loose, because
//                clangd's default (Strict) skips every check it has not
//                timed, and out-of-tree checks are never in its table.
// Existing files are merged, never overwritten without --force.

#include "Init.h"
#include "CheckCatalog.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace retrylint {
namespace {

const char *NewClangTidy =
    "# Written by `retrylint init`: the retry-* checks (retrylint, clang-tidy\n"
    "# --load=libretrylint-tidy.so and retrylint-clangd all read this file).\n"
    "Checks: '-*,retry-*'\n";

const char *ClangdFragment =
    "# Written by `retrylint init`: clangd runs only the clang-tidy checks it\n"
    "# has timed unless FastCheckFilter is Loose (or None); retry-* are not in\n"
    "# its table, so without this retrylint-clangd shows none of them.\n"
    "Diagnostics:\n"
    "  ClangTidy:\n"
    "    FastCheckFilter: Loose\n";

} // namespace

static bool writeFile(llvm::StringRef Path, llvm::StringRef Text,
                      std::string &Err) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Text;
    OS.close();
    if (!OS.has_error())
      return true;
    EC = OS.error();
    OS.clear_error();
  }
  Err = "cannot write '" + Path.str() + "': " + EC.message();
  return false;
}

/// Whether the Checks of a parsed .clang-tidy enable some retry-* check
/// (any check of the catalog: no check is named here).
static bool enablesRetry(const clang::tidy::ClangTidyOptions &O) {
  if (!O.Checks)
    return false;
  clang::tidy::GlobList G(*O.Checks);
  return llvm::any_of(checkCatalog(),
                      [&](const CheckInfo &C) { return G.contains(C.Name); });
}

/// Appends the one-line Checks value \p Value (what follows "Checks:") to
/// \p Out with ",retry-*" added; false, leaving \p Out as it was, for a
/// value that spans lines.
static bool mergeChecksValue(llvm::StringRef Value, std::string &Out) {
  llvm::StringRef V = Value.trim();
  llvm::StringRef Comment;
  if (!V.starts_with("'") && !V.starts_with("\"")) {
    size_t Hash = V.find(" #");
    if (Hash != llvm::StringRef::npos) {
      Comment = V.drop_front(Hash);
      V = V.take_front(Hash).rtrim();
    }
  }
  if (V.size() >= 2 && (V.front() == '\'' || V.front() == '"') &&
      V.back() == V.front()) {
    llvm::StringRef Inner = V.drop_front().drop_back().rtrim(", ");
    Out += "Checks: " + std::string(1, V.front()) + Inner.str() +
           (Inner.empty() ? "" : ",") + "retry-*" + std::string(1, V.front());
    return true;
  }
  if (!V.empty() && !V.starts_with("|") && !V.starts_with(">") &&
      !V.starts_with("'") && !V.starts_with("\"") && !V.starts_with("[")) {
    Out += "Checks: " + V.rtrim(", ").str() + ",retry-*" + Comment.str();
    return true;
  }
  return false;
}

/// \p Text with retry-* merged in: appended to a one-line Checks value, or
/// a Checks key added (additive: clang-tidy's defaults stay as they were).
/// False when Checks spreads over several lines.
static bool mergeRetryIntoChecks(llvm::StringRef Text, std::string &Out) {
  bool Merged = false, HasChecks = false;
  llvm::StringRef Rest = Text;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    bool HadNewline = Rest.size() > Line.size();
    Rest = Tail;
    llvm::StringRef Value = Line;
    if (!Merged && Value.consume_front("Checks:")) {
      HasChecks = true;
      if (!mergeChecksValue(Value, Out))
        break; // multi-line value: leave it to the user
      Merged = true;
    } else {
      Out += Line.str();
    }
    if (HadNewline)
      Out += '\n';
  }
  if (HasChecks && !Merged)
    return false;
  if (!HasChecks) {
    if (!Out.empty() && Out.back() != '\n')
      Out += '\n';
    Out += "Checks: 'retry-*'\n";
  }
  return true;
}

/// 0 written/kept, 2 error. Prints one line about what it did.
static int initClangTidy(llvm::StringRef Path, bool Force) {
  std::string Err;
  if (!llvm::sys::fs::exists(Path) || Force) {
    bool Existed = llvm::sys::fs::exists(Path);
    if (!writeFile(Path, NewClangTidy, Err)) {
      llvm::errs() << "retrylint: error: " << Err << "\n";
      return 2;
    }
    llvm::outs() << (Existed ? "replaced " : "wrote ") << Path
                 << ": Checks: '-*,retry-*'\n";
    return 0;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    llvm::errs() << "retrylint: error: cannot read '" << Path
                 << "': " << Buf.getError().message() << "\n";
    return 2;
  }
  llvm::StringRef Text = (*Buf)->getBuffer();
  // The parser's own diagnostics are kept, not printed: the error is one
  // line.
  std::string Diag;
  auto Parsed = clang::tidy::parseConfigurationWithDiags(
      (*Buf)->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
        if (Diag.empty())
          Diag = D.getMessage().str();
      });
  if (!Parsed) {
    llvm::errs() << "retrylint: error: malformed '" << Path
                 << "': " << (Diag.empty() ? Parsed.getError().message() : Diag)
                 << " (fix it, or pass --force to replace it)\n";
    return 2;
  }
  if (enablesRetry(*Parsed)) {
    llvm::outs() << "kept " << Path << ": it already enables retry-*\n";
    return 0;
  }
  std::string Out;
  if (!mergeRetryIntoChecks(Text, Out)) {
    llvm::errs() << "retrylint: error: " << Path
                 << " spreads Checks over several lines; add retry-* to it "
                    "yourself, or pass --force to replace the file\n";
    return 2;
  }
  if (!writeFile(Path, Out, Err)) {
    llvm::errs() << "retrylint: error: " << Err << "\n";
    return 2;
  }
  llvm::outs() << "merged retry-* into the Checks of " << Path << "\n";
  return 0;
}

static int initClangd(llvm::StringRef Path, bool Force) {
  std::string Err;
  if (!llvm::sys::fs::exists(Path) || Force) {
    bool Existed = llvm::sys::fs::exists(Path);
    if (!writeFile(Path, ClangdFragment, Err)) {
      llvm::errs() << "retrylint: error: " << Err << "\n";
      return 2;
    }
    llvm::outs() << (Existed ? "replaced " : "wrote ") << Path
                 << ": Diagnostics.ClangTidy.FastCheckFilter: Loose\n";
    return 0;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    llvm::errs() << "retrylint: error: cannot read '" << Path
                 << "': " << Buf.getError().message() << "\n";
    return 2;
  }
  llvm::StringRef Text = (*Buf)->getBuffer();
  size_t At = Text.find("FastCheckFilter:");
  if (At != llvm::StringRef::npos) {
    llvm::StringRef V =
        Text.drop_front(At + strlen("FastCheckFilter:")).split('\n').first;
    V = V.split('#').first.trim();
    if (V == "Loose" || V == "None") {
      llvm::outs() << "kept " << Path << ": FastCheckFilter is already " << V
                   << "\n";
      return 0;
    }
    llvm::errs() << "retrylint: error: " << Path << " sets FastCheckFilter: "
                 << V
                 << ", which hides every retry-* check in the editor; set it "
                    "to Loose, or pass --force to replace the file\n";
    return 2;
  }
  // clangd reads several fragments from one file, separated by ---; a new,
  // unconditional fragment leaves the user's fragments as they are.
  std::string Out = Text.str();
  if (!Out.empty() && Out.back() != '\n')
    Out += '\n';
  Out += "---\n";
  Out += ClangdFragment;
  if (!writeFile(Path, Out, Err)) {
    llvm::errs() << "retrylint: error: " << Err << "\n";
    return 2;
  }
  llvm::outs() << "merged FastCheckFilter: Loose into " << Path
               << " (a new fragment at the end)\n";
  return 0;
}

int runInit(const std::vector<std::string> &Args) {
  bool Force = false;
  std::string Dir;
  for (const std::string &A : Args) {
    if (A == "--force" || A == "-f") {
      Force = true;
    } else if (A == "-h" || A == "--help") {
      llvm::outs()
          << "usage: retrylint init [--force] [dir]\n\n"
             "Writes <dir>/.clang-tidy (Checks: '-*,retry-*') and "
             "<dir>/.clangd\n(Diagnostics.ClangTidy.FastCheckFilter: Loose) "
             "so that retrylint-clangd\nshows the retry-* findings. Existing "
             "files are merged; --force replaces them.\n";
      return 0;
    } else if (llvm::StringRef(A).starts_with("-")) {
      llvm::errs() << "retrylint: error: unknown init option '" << A
                   << "' (usage: retrylint init [--force] [dir])\n";
      return 2;
    } else if (Dir.empty()) {
      Dir = A;
    } else {
      llvm::errs() << "retrylint: error: init takes one directory (usage: "
                      "retrylint init [--force] [dir])\n";
      return 2;
    }
  }
  if (Dir.empty())
    Dir = ".";
  if (!llvm::sys::fs::is_directory(Dir)) {
    llvm::errs() << "retrylint: error: no such directory: '" << Dir << "'\n";
    return 2;
  }
  llvm::SmallString<256> Tidy(Dir), Clangd(Dir);
  llvm::sys::path::append(Tidy, ".clang-tidy");
  llvm::sys::path::append(Clangd, ".clangd");
  int A = initClangTidy(Tidy, Force);
  int B = initClangd(Clangd, Force);
  return std::max(A, B);
}

} // namespace retrylint
