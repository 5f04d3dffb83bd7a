// Stable idempotency keys derived from the intent itself, so every attempt
// of one intent carries the same key and two spellings of one intent
// (whitespace, key order, full-width digits) cannot split into two keys.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace retryprobe {

struct KeyOptions {
  bool fold_case = false; // Unicode case folding of string values and names
};

// NFKC, trim, optional case fold on a UTF-8 string (ICU).
std::string normalize_text(const std::string &utf8, const KeyOptions &opts);
// Recursively normalizes object names and string values; objects come out
// with sorted names (nlohmann::json keeps objects ordered), arrays keep order.
nlohmann::json normalize_intent(const nlohmann::json &intent,
                                const KeyOptions &opts = {});
// Lower-case hex SHA-256 (OpenSSL EVP).
std::string sha256_hex(const std::string &data);
// First 16 hex digits of SHA-256 over the canonical normalized dump.
std::string intent_key(const nlohmann::json &intent,
                       const KeyOptions &opts = {});

} // namespace retryprobe
