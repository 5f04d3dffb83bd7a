// corpus: origin github:Kansattica/msync lib/sync/send.hpp send_posts::send_attachments
// corpus: real-headers
// corpus: fixme-fn retry-unkeyed-side-effect FIXME: a retry-helper call in a member of a class template whose callable calls the upload through a data member of template-parameter type (upload_fn &upload): in the instantiation the operation is 'upload', "side effect: unknown" (the function the reference is bound to is not followed); in the header alone (no instantiation in its TU) the call is unresolved: "call to '?'", "the callee is no retry helper"
// corpus: expect retry-missing-backoff
// corpus: negative retry-per-attempt-idempotency-key
// Also request_with_retries (lib/sync/sync_helpers.hpp) and upload_media
// (lib/net/net.cpp). The queue sender is a class template over the functions
// that talk to the server; each attachment is uploaded through a helper that
// re-runs the callable after a timeout or 5xx (and after 429, once the rate
// limit resets), at most `retries` times. The upload is a multipart POST with
// no idempotency key: a lost reply uploads the file twice. In the program the
// template is instantiated with the real upload function (console/msync.cpp);
// here, below. The helper's loop is a retry site of its own (it goes back
// when the result's `retryable_error` says so): a timeout or 5xx goes
// straight back and a 429 waits a constant 10 s.
#include <chrono>
#include <curl/curl.h>
#include <string>
#include <thread>
#include <vector>

struct net_response {
  bool okay = false;
  bool retryable_error = false;
  long status_code = 0;
  std::string message;
};

struct outcome {
  bool success = false;
  std::string message;
  unsigned tries = 0;
};

template <typename make_request>
outcome call_with_retries(make_request req, unsigned retries) {
  for (unsigned i = 0; i < retries; i++) {
    net_response r = req();
    if (r.retryable_error) {
      if (r.status_code == 429)
        std::this_thread::sleep_for(std::chrono::seconds(10));
      continue;
    }
    return outcome{r.okay, r.message, i + 1};
  }
  return outcome{false, "maximum retries reached", retries};
}

net_response upload_file(const std::string &url, const std::string &token,
                         const std::string &path) {
  CURL *h = curl_easy_init();
  curl_slist *headers = curl_slist_append(nullptr, ("Authorization: Bearer " + token).c_str());
  curl_mime *form = curl_mime_init(h);
  curl_mimepart *part = curl_mime_addpart(form);
  curl_mime_name(part, "file");
  curl_mime_filedata(part, path.c_str());
  curl_easy_setopt(h, CURLOPT_URL, url.c_str());
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(h, CURLOPT_MIMEPOST, form);
  CURLcode rc = curl_easy_perform(h);
  net_response r;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r.status_code);
  curl_mime_free(form);
  curl_slist_free_all(headers);
  curl_easy_cleanup(h);
  r.okay = rc == CURLE_OK && r.status_code / 100 == 2;
  r.retryable_error = rc == CURLE_OPERATION_TIMEDOUT || r.status_code == 429 ||
                      r.status_code >= 500;
  return r;
}

template <typename upload_fn>
struct queue_sender {
  unsigned retries = 3;
  upload_fn &upload;
  explicit queue_sender(upload_fn &u) : upload(u) {}

  bool send_attachments(const std::vector<std::string> &files, const std::string &media_url,
                        const std::string &token, std::vector<std::string> &ids) {
    for (const std::string &file : files) {
      outcome o = call_with_retries([&]() { return upload(media_url, token, file); }, retries);
      if (!o.success)
        return false;
      ids.push_back(o.message);
    }
    return true;
  }
};

bool send_queued(const std::vector<std::string> &files, std::vector<std::string> &ids) {
  queue_sender<decltype(upload_file)> sender(upload_file);
  return sender.send_attachments(files, "https://example.social/api/v1/media", "token", ids);
}
