// corpus: origin github:romange/helio util/cloud/aws/s3_storage.cc OpenWriteFile
// corpus: real-headers
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: the retry loop that re-sends the POST (RobustSender::Send) is defined in another translation unit (util/cloud/utils.cc): the one-file run cannot see that the POST is retried; with the sender in the same file it is reported (helio-robust-sender-pool-handle.cpp)
// corpus: negative retry-per-attempt-idempotency-key retry-missing-backoff retry-missing-budget
// Starting a multipart upload is a POST to "?uploads". It goes through a
// sender declared here and defined elsewhere, which re-sends it up to three
// times when the connection is found closed after the request was written:
// a lost reply creates a second, orphaned upload id. The request carries no
// idempotency key.
#include <memory>
#include <string>
#include <system_error>

enum class Verb { get, put, post };

class Request {
public:
  Request(Verb verb, std::string target);
  void SetHeader(const std::string &name, const std::string &value);
};

struct SendResult {
  int status = 0;
  std::string body;
};

class RobustSender {
public:
  // Re-sends on a closed connection and on 429/5xx (util/cloud/utils.cc).
  std::error_code Send(unsigned attempts, Request *req, SendResult *out);
};

std::error_code StartMultipartUpload(RobustSender &sender,
                                     const std::string &bucket,
                                     const std::string &key,
                                     std::string *upload_id) {
  Request req(Verb::post, "/" + bucket + "/" + key + "?uploads");
  req.SetHeader("Content-Type", "application/octet-stream");
  SendResult res;
  if (std::error_code ec = sender.Send(3, &req, &res))
    return ec;
  if (res.status != 200)
    return std::make_error_code(std::errc::io_error);
  *upload_id = res.body;
  return {};
}
