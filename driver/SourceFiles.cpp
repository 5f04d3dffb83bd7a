// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "SourceFiles.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace retrylint {
namespace {

struct SourceFile {
  std::unique_ptr<llvm::MemoryBuffer> Buffer; ///< null: unreadable
  std::vector<size_t> LineStarts;             ///< offset of each line
};

} // namespace

static const SourceFile &get(const std::string &Path) {
  static std::mutex Mu;
  static llvm::StringMap<std::unique_ptr<SourceFile>> Cache;
  std::lock_guard<std::mutex> Lock(Mu);
  std::unique_ptr<SourceFile> &Slot = Cache[Path];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<SourceFile>();
  if (Path.empty()) // configuration diagnostics have no file
    return *Slot;
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return *Slot;
  Slot->Buffer = std::move(*Buf);
  llvm::StringRef Text = Slot->Buffer->getBuffer();
  if (!Text.empty())
    Slot->LineStarts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n' && I + 1 < Text.size())
      Slot->LineStarts.push_back(I + 1);
  return *Slot;
}

Location locate(const std::string &File, unsigned Offset) {
  Location L;
  L.File = File;
  const SourceFile &S = get(File);
  if (!S.Buffer)
    return L;
  llvm::StringRef Text = S.Buffer->getBuffer();
  size_t Off = std::min<size_t>(Offset, Text.size());
  // The line holding Off: a newline at Off belongs to the line it ends.
  auto It = llvm::upper_bound(S.LineStarts, Off);
  size_t Index = It == S.LineStarts.begin() ? 0 : It - S.LineStarts.begin() - 1;
  size_t Start = S.LineStarts.empty() ? 0 : S.LineStarts[Index];
  // A file ending in a newline has no line after it, but an offset at the
  // very end is on that (empty) next line.
  if (Off == Text.size() && Off > 0 && Text.back() == '\n') {
    Index = S.LineStarts.size();
    Start = Off;
  }
  L.Line = Index + 1;
  L.Column = Off - Start + 1;
  return L;
}

std::string sourceLine(const std::string &File, unsigned Line) {
  const SourceFile &S = get(File);
  if (!S.Buffer || Line == 0 || Line > S.LineStarts.size())
    return "";
  llvm::StringRef Text = S.Buffer->getBuffer();
  size_t Start = S.LineStarts[Line - 1];
  size_t End = Text.find('\n', Start);
  return Text.slice(Start, End).str();
}

} // namespace retrylint
