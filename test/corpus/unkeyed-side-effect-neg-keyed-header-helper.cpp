// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-content-derived-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// The caller builds the Idempotency-Key header from the invoice id and
// passes it into the retrying helper: the POST is keyed.
#include <chrono>
#include <cstdio>
#include <httplib.h>
#include <string>
#include <thread>

namespace net {
httplib::Result post_json(httplib::Client &cli, const std::string &path,
                          const httplib::Headers &headers,
                          const std::string &body) {
  httplib::Result res;
  for (int attempt = 0; attempt < 3; ++attempt) {
    res = cli.Post(path, headers, body, "application/json");
    if (res)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds((100 << attempt) + rand() % 100));
  }
  return res;
}
} // namespace net

bool pay_invoice(httplib::Client &cli, const std::string &invoice_id,
                 const std::string &body) {
  const httplib::Headers h = {{"Idempotency-Key", "invoice-" + invoice_id}};
  auto res = net::post_json(cli, "/invoices/" + invoice_id + "/pay", h, body);
  return res && res->status == 200;
}
