// corpus: origin written
// corpus: expect retry-dedup-window-too-short
// A recursive retry (4 tries, waits up to 45 s) re-sends a document whose
// de-dup record the archive keeps for 60 s (kArchiveDedupTtl).
#include <chrono>
#include <random>
#include <string>
#include <thread>

constexpr auto kArchiveDedupTtl = std::chrono::seconds(60);

extern "C" int archive_put_document(const char *doc_id, const char *body, const char *dedup_id);

static std::minstd_rand rng(std::random_device{}());

bool archive(const std::string &doc_id, const std::string &body, int tries_left) {
  if (archive_put_document(doc_id.c_str(), body.c_str(), doc_id.c_str()) == 0)
    return true;
  if (tries_left <= 1)
    return false;
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(30000, 45000)(rng)));
  return archive(doc_id, body, tries_left - 1);
}

bool archive_document(const std::string &doc_id, const std::string &body) {
  return archive(doc_id, body, 4);
}
