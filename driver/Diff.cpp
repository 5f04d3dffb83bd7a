// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Diff.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <algorithm>

namespace retrylint {

/// The path of a `+++ ` line: quoted names unquoted, a trailing tab and
/// timestamp (diff -u) dropped.
static std::string diffPath(llvm::StringRef S) {
  S = S.rtrim("\r");
  if (S.starts_with("\"")) {
    std::string Out;
    for (size_t I = 1; I < S.size() && S[I] != '"'; ++I) {
      if (S[I] == '\\' && I + 1 < S.size()) {
        char C = S[++I];
        Out += C == 't' ? '\t' : C == 'n' ? '\n' : C;
      } else {
        Out += S[I];
      }
    }
    return Out;
  }
  return S.split('\t').first.str();
}

/// Runs a program, returns its stdout; false with a one-line Err on
/// failure: "git <subcommand> failed: <the first line of its stderr>".
static bool run(llvm::ArrayRef<llvm::StringRef> Args, std::string &Stdout,
                std::string &Err) {
  auto Git = llvm::sys::findProgramByName(Args[0]);
  if (!Git) {
    Err = "'" + Args[0].str() + "' not found in PATH";
    return false;
  }
  llvm::SmallString<128> OutFile, ErrFile;
  llvm::sys::fs::createTemporaryFile("retrylint-diff", "out", OutFile);
  llvm::sys::fs::createTemporaryFile("retrylint-diff", "err", ErrFile);
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(OutFile), llvm::StringRef(ErrFile)};
  std::string ExecErr;
  int RC = llvm::sys::ExecuteAndWait(*Git, Args, std::nullopt, Redirects, 0, 0,
                                     &ExecErr);
  auto Out = llvm::MemoryBuffer::getFile(OutFile);
  auto ErrBuf = llvm::MemoryBuffer::getFile(ErrFile);
  llvm::sys::fs::remove(OutFile);
  llvm::sys::fs::remove(ErrFile);
  if (RC != 0) {
    llvm::StringRef Msg = ErrBuf ? (*ErrBuf)->getBuffer() : "";
    Msg = Msg.trim().split('\n').first.trim();
    Err = Args[0].str() + " " + Args[1].str() + " failed" +
          (Msg.empty()
               ? (ExecErr.empty() ? " with exit status " + std::to_string(RC)
                                  : ": " + ExecErr)
               : ": " + Msg.str());
    return false;
  }
  Stdout = Out ? (*Out)->getBuffer().str() : "";
  return true;
}

void ChangedLines::add(const std::string &File, unsigned First,
                       unsigned Last) {
  Ranges[File].push_back({First, Last});
}

bool ChangedLines::touches(const Location &L) const {
  if (L.File.empty())
    return false;
  auto It = Ranges.find(canonicalPath(L.File));
  if (It == Ranges.end())
    return false;
  for (auto [First, Last] : It->second)
    if (L.Line >= First && L.Line <= Last)
      return true;
  return false;
}

bool ChangedLines::touches(const Finding &F) const {
  if (touches(F.Loc))
    return true;
  return llvm::any_of(F.Notes, [&](const Note &N) { return touches(N.Loc); });
}

std::vector<std::string> ChangedLines::files() const {
  std::vector<std::string> Out;
  for (const auto &R : Ranges)
    if (llvm::sys::fs::exists(R.first))
      Out.push_back(R.first);
  return Out;
}

bool parseUnifiedDiff(const std::string &Text, const std::string &Root,
                      ChangedLines &Out, std::string &Err) {
  llvm::StringRef Rest(Text);
  std::string Current; // absolute path of the file the hunks belong to
  bool GitStyle = false, AnyFile = false;
  unsigned LineNo = 0;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    ++LineNo;
    if (Line.starts_with("diff --git "))
      GitStyle = true;
    if (Line.starts_with("--- ")) {
      if (Line.starts_with("--- a/"))
        GitStyle = true;
      continue;
    }
    if (Line.consume_front("+++ ")) {
      std::string P = diffPath(Line);
      AnyFile = true;
      if (P == "/dev/null") {
        Current.clear();
        continue;
      }
      llvm::StringRef PR(P);
      if (PR.starts_with("b/")) {
        // git's destination prefix, unless b/ really is a directory here.
        llvm::SmallString<256> AsIs(Root);
        llvm::sys::path::append(AsIs, PR);
        if (GitStyle || !llvm::sys::fs::exists(AsIs))
          PR = PR.drop_front(2);
      }
      llvm::SmallString<256> Abs;
      if (llvm::sys::path::is_absolute(PR)) {
        Abs = PR;
      } else {
        Abs = Root;
        llvm::sys::path::append(Abs, PR);
      }
      Current = canonicalPath(Abs);
      GitStyle = false;
      continue;
    }
    if (!Line.starts_with("@@ "))
      continue;
    // @@ -a[,b] +c[,d] @@
    llvm::StringRef H = Line.drop_front(3);
    size_t Plus = H.find(" +");
    if (Plus == llvm::StringRef::npos) {
      Err = "malformed hunk header on line " + std::to_string(LineNo) +
            " of the diff: " + Line.str();
      return false;
    }
    llvm::StringRef New = H.drop_front(Plus + 2).split(' ').first;
    auto [StartS, CountS] = New.split(',');
    unsigned Start = 0, Count = 1;
    // "+c" or "+c,d"; "+c," has a comma and no count.
    if (StartS.getAsInteger(10, Start) ||
        (New.contains(',') && CountS.getAsInteger(10, Count))) {
      Err = "malformed hunk header on line " + std::to_string(LineNo) +
            " of the diff: " + Line.str();
      return false;
    }
    if (Current.empty())
      continue; // a deleted file
    if (Count == 0) // pure deletion after line Start
      Out.add(Current, std::max(1u, Start), Start + 1);
    else
      Out.add(Current, Start, Start + Count - 1);
  }
  if (!AnyFile && !llvm::StringRef(Text).trim().empty()) {
    Err = "the input is not a unified diff (no '+++ ' file header)";
    return false;
  }
  return true;
}

bool gitDiff(const std::string &Rev, ChangedLines &Out, std::string &Err) {
  std::string Top;
  if (!run({"git", "rev-parse", "--show-toplevel"}, Top, Err))
    return false;
  Top = llvm::StringRef(Top).trim().str();
  std::string Text;
  // --end-of-options: REV is never read as an option, whatever it holds
  // (the command line already refuses one that starts with '-').
  if (!run({"git", "diff", "-U0", "--no-color", "--no-ext-diff",
            "--src-prefix=a/", "--dst-prefix=b/", "--end-of-options", Rev,
            "--"},
           Text, Err))
    return false;
  return parseUnifiedDiff(Text, Top, Out, Err);
}

} // namespace retrylint
