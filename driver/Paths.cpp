// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Paths.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <mutex>

namespace retrylint {

std::string absolutePath(llvm::StringRef P, llvm::StringRef Base) {
  llvm::SmallString<256> Abs;
  if (!Base.empty() && !llvm::sys::path::is_absolute(P)) {
    Abs = Base;
    llvm::sys::path::append(Abs, P);
  } else {
    Abs = P;
  }
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string canonicalPath(llvm::StringRef P) {
  std::string Abs = absolutePath(P);
  static std::mutex Mu;
  static llvm::StringMap<std::string> Cache;
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = Cache.find(Abs);
  if (It != Cache.end())
    return It->second;
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Abs, Real))
    return Abs; // not cached: the file may appear later
  return Cache[Abs] = std::string(Real);
}

std::string relativePath(const std::string &Path, const std::string &Base) {
  llvm::SmallVector<llvm::StringRef, 16> P, B;
  llvm::StringRef(Path).split(P, '/', -1, false);
  llvm::StringRef(Base).split(B, '/', -1, false);
  size_t Common = 0;
  while (Common < P.size() && Common < B.size() && P[Common] == B[Common])
    ++Common;
  if (Common == 0)
    return Path;
  std::string Out;
  for (size_t I = Common; I < B.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < P.size(); ++I) {
    Out += P[I].str();
    if (I + 1 < P.size())
      Out += '/';
  }
  return Out.empty() ? "." : Out;
}

} // namespace retrylint
