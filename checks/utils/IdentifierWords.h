// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Identifiers as words, so names can be compared however they are spelled:
// orderId, order_id, OrderID, set-order-id.

#ifndef RETRYLINT_CHECKS_UTILS_IDENTIFIERWORDS_H
#define RETRYLINT_CHECKS_UTILS_IDENTIFIERWORDS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::retry::utils {

/// Splits an identifier into lowercase words: "orderId" -> order, id.
llvm::SmallVector<std::string, 4> identifierWords(llvm::StringRef Name);

/// Is \p Word (lowercase) a word of \p Name, a version number after it
/// aside (`httpReconnect2` has `reconnect`)?
bool hasWord(llvm::StringRef Name, llvm::StringRef Word);

/// Lowercases and drops '_' and '-': "Idempotency_Store" -> idempotencystore.
std::string squashIdentifier(llvm::StringRef Name);

/// squashIdentifier without a leading setter verb ("set", "with", "add"), so
/// `set_idempotency_key`, `SetIdempotencyKey` and `idempotencyKey` all
/// normalize to "idempotencykey".
std::string normalizeIdentifier(llvm::StringRef Name);

/// The identifiers (letters, digits, '_') of a semicolon-separated option
/// value, trimmed; \p OnInvalid gets every other non-empty entry.
std::vector<llvm::StringRef>
identifierList(llvm::StringRef Value,
               llvm::function_ref<void(llvm::StringRef)> OnInvalid);

} // namespace clang::tidy::retry::utils

#endif
