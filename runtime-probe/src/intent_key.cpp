#include "retryprobe/intent_key.h"

#include <openssl/evp.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <cmath>
#include <stdexcept>

namespace retryprobe {

std::string normalize_text(const std::string &utf8, const KeyOptions &opts) {
  // ICU's own lazy initialisation is invisible to ThreadSanitizer (ICU is
  // not instrumented); a function-local static makes it one visible,
  // once-only step. normalize() on the shared instance is thread-safe.
  static const icu::Normalizer2 *nfkc = [] {
    UErrorCode st = U_ZERO_ERROR;
    const icu::Normalizer2 *n = icu::Normalizer2::getNFKCInstance(st);
    return U_FAILURE(st) ? nullptr : n;
  }();
  if (!nfkc)
    throw std::runtime_error("ICU NFKC unavailable");
  UErrorCode status = U_ZERO_ERROR;
  // NFKC first: it maps full-width forms (and U+3000) to ASCII, so the trim
  // below also removes ideographic spaces.
  icu::UnicodeString s =
      nfkc->normalize(icu::UnicodeString::fromUTF8(utf8), status);
  if (U_FAILURE(status))
    throw std::runtime_error("ICU normalization failed");
  s.trim();
  if (opts.fold_case)
    s.foldCase(U_FOLD_CASE_DEFAULT);
  std::string out;
  s.toUTF8String(out);
  return out;
}

nlohmann::json normalize_intent(const nlohmann::json &intent,
                                const KeyOptions &opts) {
  using json = nlohmann::json;
  switch (intent.type()) {
  case json::value_t::object: {
    json out = json::object(); // std::map-backed: names come out sorted
    for (auto it = intent.begin(); it != intent.end(); ++it)
      out[normalize_text(it.key(), opts)] = normalize_intent(it.value(), opts);
    return out;
  }
  case json::value_t::array: {
    json out = json::array();
    for (const auto &v : intent)
      out.push_back(normalize_intent(v, opts));
    return out;
  }
  case json::value_t::string:
    return normalize_text(intent.get<std::string>(), opts);
  case json::value_t::number_float: {
    // 1000.0 and 1000 are one amount.
    double d = intent.get<double>();
    if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9e15)
      return static_cast<long long>(d);
    return intent;
  }
  default:
    return intent;
  }
}

std::string sha256_hex(const std::string &data) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), md, &len, EVP_sha256(), nullptr) !=
      1)
    throw std::runtime_error("EVP_Digest(sha256) failed");
  static const char *hex = "0123456789abcdef";
  std::string out;
  out.reserve(len * 2);
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(hex[md[i] >> 4]);
    out.push_back(hex[md[i] & 0xf]);
  }
  return out;
}

std::string intent_key(const nlohmann::json &intent, const KeyOptions &opts) {
  return sha256_hex(normalize_intent(intent, opts).dump()).substr(0, 16);
}

} // namespace retryprobe
