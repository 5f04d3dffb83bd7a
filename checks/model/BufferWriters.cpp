// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "BufferWriters.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::retry::model {

bool isBufferWriter(const FunctionDecl *FD) {
  if (!FD || !FD->getDeclName().isIdentifier())
    return false;
  return llvm::is_contained(
      {"snprintf", "sprintf", "strcpy", "strncpy", "strcat", "strncat",
       "memcpy", "memmove", "uuid_unparse", "uuid_unparse_lower",
       "uuid_unparse_upper", "uuid_copy", "to_chars", "strftime",
       "uuid_generate_sha1", "uuid_generate_md5"},
      FD->getName());
}

bool isHashingWriter(const FunctionDecl *FD) {
  return llvm::is_contained({"uuid_generate_sha1", "uuid_generate_md5"},
                            FD->getName());
}

bool isSizeArg(const FunctionDecl *FD, unsigned I) {
  StringRef N = FD->getName();
  if (llvm::is_contained({"snprintf", "strftime"}, N))
    return I == 1;
  if (llvm::is_contained({"strncpy", "strncat", "memcpy", "memmove"}, N))
    return I == 2;
  return false;
}

bool isAppender(StringRef Name) {
  return llvm::is_contained({"append", "assign", "push_back", "insert",
                             "operator+=", "operator<<", "operator="},
                            Name);
}

} // namespace clang::tidy::retry::model
