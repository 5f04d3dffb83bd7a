// corpus: origin written
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// A body digest goes into Content-MD5 (an integrity header, not a key);
// the key is the upload id.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

std::string md5_base64(const std::string &);

bool upload(httplib::Client &cli, const std::string &upload_id,
            const std::string &blob) {
  httplib::Headers h = {{"Content-MD5", md5_base64(blob)},
                        {"Idempotency-Key", "upload-" + upload_id}};
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto res = cli.Post("/uploads", h, blob, "application/octet-stream"))
      return res->status == 201;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return false;
}
