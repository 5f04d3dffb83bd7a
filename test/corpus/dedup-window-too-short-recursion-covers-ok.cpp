// corpus: origin written
// corpus: negative retry-dedup-window-too-short
// corpus: negative retry-dedup-window-too-short
// A recursive retry (3 tries, waits up to 20 s) against a 10-minute de-dup
// record: covered.
#include <chrono>
#include <random>
#include <string>
#include <thread>

constexpr auto kArchiveDedupTtl = std::chrono::minutes(10);

extern "C" int archive_put_document(const char *doc_id, const char *body, const char *dedup_id);

static std::minstd_rand rng(std::random_device{}());

bool archive(const std::string &doc_id, const std::string &body, int tries_left) {
  if (archive_put_document(doc_id.c_str(), body.c_str(), doc_id.c_str()) == 0)
    return true;
  if (tries_left <= 1)
    return false;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(5000, 20000)(rng)));
  return archive(doc_id, body, tries_left - 1);
}

bool archive_document(const std::string &doc_id, const std::string &body) {
  return archive(doc_id, body, 3);
}
