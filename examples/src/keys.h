// Idempotency and tracing key helpers for the order/payment clients.
//
// The helpers are small and live in the header on purpose: every client TU
// sees exactly how each key is made.
#pragma once

#include <uuid/uuid.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace shop {

// A fresh random (version 4) UUID, e.g. "3f2b8c1e-...". Good for tracing
// (X-Request-Id) and for keys that are minted once per intent.
inline std::string new_request_uuid() {
  uuid_t id;
  uuid_generate_random(id);
  char text[UUID_STR_LEN];
  uuid_unparse_lower(id, text);
  return std::string(text);
}

// FNV-1a (64 bit) of `text`, as 16 hex digits.
inline std::string fnv1a_hex(const std::string &text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx",
                static_cast<unsigned long long>(hash));
  return digest;
}

// Deterministic idempotency key for "the order (or payment intent) with this
// id": the same id always yields the same key, in this process or after a
// restart.
inline std::string intent_key(const std::string &order_id) {
  return "intent_" + order_id + "_" + fnv1a_hex("shop/order/v1:" + order_id);
}

// A digest of a request payload.
inline std::string payload_hash(const std::string &payload) {
  return fnv1a_hex(payload);
}

// Name-based (version 5, SHA-1) UUID for one operation on one order. Same
// inputs, same UUID, so it is safe to recompute on every attempt.
inline std::string order_uuid(const std::string &order_id,
                              const std::string &operation) {
  // Namespace UUID owned by the shop team.
  static const char kShopNamespace[] = "6f0c7e0a-5b1d-4d8e-9a57-3c2f4e1b9d20";
  uuid_t ns;
  uuid_parse(kShopNamespace, ns);
  const std::string name = operation + ":" + order_id;
  uuid_t id;
  uuid_generate_sha1(id, ns, name.data(), name.size());
  char text[UUID_STR_LEN];
  uuid_unparse_lower(id, text);
  return std::string(text);
}

} // namespace shop
