// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Calls that write what they are given into a buffer or an object: C's
// string and memory writers (snprintf, strcpy, uuid_unparse, ...) and the
// members that append to an object. A value traced into one of them is
// built from their other arguments (ValueOrigin.h).

#ifndef RETRYLINT_CHECKS_MODEL_BUFFERWRITERS_H
#define RETRYLINT_CHECKS_MODEL_BUFFERWRITERS_H

#include "clang/AST/Decl.h"

namespace clang::tidy::retry::model {

/// C functions that write into a buffer from their other arguments.
bool isBufferWriter(const FunctionDecl *FD);

/// Does the buffer writer \p FD hash what it is given (a name-based UUID:
/// uuid_generate_sha1(out, ns, name, len))?
bool isHashingWriter(const FunctionDecl *FD);

/// Is argument \p I of the buffer writer \p FD the buffer's size
/// (`snprintf(buf, sizeof buf, ...)`, `strncpy(dst, src, n)`)? A size says
/// nothing about what the buffer holds.
bool isSizeArg(const FunctionDecl *FD, unsigned I);

/// Member functions that feed their arguments into the object.
bool isAppender(StringRef Name);

} // namespace clang::tidy::retry::model

#endif
