// corpus: origin github:romange/helio util/cloud/utils.cc AbstractStorageFile::WriteSome
// corpus: real-headers
// corpus: negative retry-missing-backoff retry-missing-budget retry-unkeyed-side-effect
// A buffered cloud file appends the same chunk `copies` times to its upload
// buffer (padding) through a helper that uploads a part whenever the buffer
// fills. A project macro wraps
// the helper: it keeps the std::error_code in a do { ... } while (false)
// block and returns it when it holds an error. Any error leaves the loop, and
// every success goes on to the next round: no failure is retried.
#include <cstddef>
#include <cstdint>
#include <sys/uio.h>
#include <system_error>

#define RETURN_ON_ERROR(expr)                                                  \
  do {                                                                         \
    auto status_ = (expr);                                                     \
    if (status_) {                                                             \
      return status_;                                                          \
    }                                                                          \
  } while (false)

class UploadFile {
public:
  std::error_code Pad(const iovec *chunk, uint32_t copies, size_t *written) {
    size_t total = 0;
    for (uint32_t i = 0; i < copies; ++i) {
      RETURN_ON_ERROR(Buffer(static_cast<const uint8_t *>(chunk->iov_base),
                             chunk->iov_len));
      total += chunk->iov_len;
    }
    *written = total;
    return {};
  }

private:
  // Copies into the part buffer; uploads the part when it is full.
  std::error_code Buffer(const uint8_t *data, size_t len);
};
