// corpus: origin github:aliyun/aliyun-oss-cpp-sdk sdk/src/client/ClientConfiguration.cc DefaultRetryStrategy::shouldRetry
// corpus: real-headers
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: a project's own retry policy (overriding shouldRetry/calcDelayTimeMs of an abstract strategy) is no retry site by itself (its TU has no loop), and the client loop that consults it re-sends through a const member (attemptOnce() const, around a virtual transport call), which the model takes for a result accessor: "retry site: no: it re-issues no operation"; with a non-const wrapper the side effect is still "unknown" (the verb is a switch on a request field in the transport's overrider)
// corpus: fixme-fn retry-missing-backoff FIXME: same miss: the policy's delay, (1 << n) * scale with no jitter and no Retry-After on 5xx, is never read as the loop's wait (made a retry site, the loop reads it as "jitter: unknown" through the base pointer)
// corpus: negative retry-missing-budget retry-non-retryable-status
// Also Client::AttemptRequest (sdk/src/client/Client.cc), CurlHttpClient::
// makeRequest (sdk/src/http/CurlHttpClient.cc) and the OSS client's POSTs
// (OssClientImpl.cc); in the SDK they live in four translation units, folded
// into one here. The default strategy retries curl timeouts and empty replies
// (offset by a base so they do not clash with HTTP codes) and every 5xx, up to
// three retries, waiting (1 << n) * 300 ms: it grows but has no jitter and
// never reads Retry-After. Completing a multipart upload is a POST with no
// key, so a lost reply re-sends it. (The SDK also retries 403
// RequestTimeTooSkewed after correcting its clock; left out here.)
#include <chrono>
#include <curl/curl.h>
#include <memory>
#include <string>
#include <thread>

const long kCurlCodeBase = 200000;

enum class Verb { Get, Put, Post };

struct WireRequest {
  Verb verb = Verb::Get;
  std::string url;
  std::string body;
};

struct Failure {
  long code = 0;
  std::string text;
};

struct Result {
  bool ok = false;
  Failure failure;
};

class BackoffStrategy {
public:
  virtual ~BackoffStrategy() {}
  virtual bool shouldRetry(const Failure &f, long retried) const = 0;
  virtual long calcDelayTimeMs(const Failure &f, long retried) const = 0;
};

class PlainStrategy : public BackoffStrategy {
public:
  explicit PlainStrategy(long limit = 3, long scale = 300) : limit_(limit), scale_(scale) {}

  bool shouldRetry(const Failure &f, long retried) const override {
    if (retried >= limit_)
      return false;
    if (f.code > 499 && f.code < 599)
      return true;
    switch (f.code) {
    case kCurlCodeBase + 7:  // could not connect
    case kCurlCodeBase + 28: // timed out
    case kCurlCodeBase + 52: // got nothing
    case kCurlCodeBase + 56: // receive error
      return true;
    default:
      return false;
    }
  }

  long calcDelayTimeMs(const Failure &, long retried) const override {
    return (1L << retried) * scale_;
  }

private:
  long limit_;
  long scale_;
};

class Transport {
public:
  virtual ~Transport() {}
  virtual Result makeRequest(const WireRequest &req) = 0;
};

class CurlTransport : public Transport {
public:
  Result makeRequest(const WireRequest &req) override {
    CURL *h = curl_easy_init();
    curl_easy_setopt(h, CURLOPT_URL, req.url.c_str());
    switch (req.verb) {
    case Verb::Get:
      curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
      break;
    case Verb::Put:
      curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
      break;
    case Verb::Post:
      curl_easy_setopt(h, CURLOPT_POST, 1L);
      curl_easy_setopt(h, CURLOPT_POSTFIELDS, req.body.c_str());
      break;
    }
    CURLcode rc = curl_easy_perform(h);
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(h);
    Result r;
    if (rc != CURLE_OK)
      r.failure.code = kCurlCodeBase + rc;
    else if (status / 100 != 2)
      r.failure.code = status;
    else
      r.ok = true;
    return r;
  }
};

class StorageClient {
  std::shared_ptr<BackoffStrategy> strategy_ = std::make_shared<PlainStrategy>();
  std::unique_ptr<Transport> transport_{new CurlTransport};

  Result attemptOnce(const WireRequest &req) const {
    return transport_->makeRequest(req);
  }

  Result attempt(const WireRequest &req) const {
    for (long retried = 0;; retried++) {
      Result r = attemptOnce(req);
      if (r.ok)
        return r;
      BackoffStrategy *s = strategy_.get();
      if (s == nullptr || !s->shouldRetry(r.failure, retried))
        return r;
      std::this_thread::sleep_for(
          std::chrono::milliseconds(s->calcDelayTimeMs(r.failure, retried)));
    }
  }

public:
  Result completeUpload(const std::string &url, const std::string &parts_xml) {
    WireRequest req;
    req.verb = Verb::Post;
    req.url = url + "?uploadId=42";
    req.body = parts_xml;
    return attempt(req);
  }
};
