// corpus: origin github:Azure/azure-sdk-for-cpp sdk/storage/azure-storage-common/src/reliable_stream.cpp ReliableStream::OnRead
// corpus: real-headers
// corpus: expect retry-missing-backoff
// corpus: negative retry-missing-budget retry-unkeyed-side-effect
// A download stream that survives dropped connections: when a read of the
// inner body throws, the inner stream is dropped and the next round asks the
// reconnect callback for a new stream from the last offset, with no wait in
// between. The loop is bounded: it rethrows when the attempt counter reaches
// the configured maximum. Reads are no side effect.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>

struct Cancellation {
  bool cancelled = false;
  void throw_if_cancelled() const {
    if (cancelled)
      throw std::runtime_error("cancelled");
  }
};

class ByteSource {
public:
  virtual ~ByteSource() = default;
  size_t read(uint8_t *into, size_t n, const Cancellation &c) {
    c.throw_if_cancelled();
    return on_read(into, n, c);
  }

protected:
  virtual size_t on_read(uint8_t *into, size_t n, const Cancellation &c) = 0;
};

struct ResumeOptions {
  int64_t max_reconnects = 3;
};

class ResumingSource final : public ByteSource {
  std::unique_ptr<ByteSource> inner_;
  const ResumeOptions options_;
  std::function<std::unique_ptr<ByteSource>(int64_t, const Cancellation &)> reopen_;
  int64_t offset_ = 0;

protected:
  size_t on_read(uint8_t *into, size_t n, const Cancellation &c) override {
    for (int64_t attempt = 1;; attempt++) {
      if (inner_ == nullptr)
        inner_ = reopen_(offset_, c);
      try {
        const size_t got = inner_->read(into, n, c);
        offset_ += got;
        return got;
      } catch (const std::runtime_error &) {
        inner_.reset();
        if (attempt == options_.max_reconnects)
          throw;
      }
    }
  }

public:
  ResumingSource(std::unique_ptr<ByteSource> first, ResumeOptions options,
                 std::function<std::unique_ptr<ByteSource>(int64_t, const Cancellation &)> reopen)
      : inner_(std::move(first)), options_(options), reopen_(std::move(reopen)) {}
};
