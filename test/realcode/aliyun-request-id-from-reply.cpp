// corpus: origin github:aliyun/aliyun-oss-cpp-sdk sdk/src/OssClientImpl.cc buildError
// corpus: negative retry-content-derived-idempotency-key retry-per-attempt-idempotency-key
// Also sdk/src/model/GetObjectResult.cc, GetObjectResult::GetObjectResult.
// A request id the server sent back, stored in an error and in a result:
// it never leaves the process in a request, so it is no idempotency key,
// whatever its setter and field are called.
#include <map>
#include <string>

struct XmlNode {
  const char *GetText() const;
  const XmlNode *Next(const char *name) const;
};

class ServiceResult {
public:
  const std::string &RequestId() const { return requestId_; }
  void setRequestId(const std::string &id) { requestId_ = id; }

protected:
  std::string requestId_;
};

class OssError {
public:
  void setCode(const std::string &c) { code_ = c; }
  void setRequestId(const std::string &id) { requestId_ = id; }

private:
  std::string code_, requestId_;
};

OssError buildError(const XmlNode *root) {
  OssError err;
  const XmlNode *node = root->Next("Code");
  err.setCode(node ? node->GetText() : "");
  node = root->Next("RequestId");
  err.setRequestId(node ? node->GetText() : "");
  return err;
}

class GetObjectResult : public ServiceResult {
public:
  explicit GetObjectResult(std::map<std::string, std::string> headers) {
    requestId_ = headers["x-oss-request-id"];
  }
};
