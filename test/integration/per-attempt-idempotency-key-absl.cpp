// retry-per-attempt-idempotency-key with Abseil (the real Debian headers that
// come with gRPC): absl::StrCat / absl::StrFormat build keys, absl::Now and
// absl::Uniform are per-attempt sources. The key goes into a real
// cpp-httplib POST.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <httplib.h>

#include <absl/random/random.h>
#include <absl/strings/str_cat.h>
#include <absl/strings/str_format.h>
#include <absl/time/clock.h>
#include <absl/time/time.h>

#include <string>

void strcat_attempt_bad(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", absl::StrCat(order_id, "-", attempt)}}, "{}",
                 "application/json"))
      // CHECK: :[[@LINE-2]]:51: warning: idempotency key changes on every attempt: it is derived from the attempt counter 'attempt', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
      // CHECK: :[[@LINE-4]]:12: note: attempt counter declared here
      // CHECK: :[[@LINE-5]]:3: note: retry loop re-sends the request here
      return;
}

void strformat_uniform_bad(httplib::Client &cli, const std::string &order_id) {
  absl::BitGen gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::string key = absl::StrFormat("%s-%d", order_id, absl::Uniform<int>(gen, 0, 1 << 30));
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from a random number from 'absl::Uniform'
      // CHECK: :[[@LINE-3]]:64: note: a random number from 'absl::Uniform' is produced here on each attempt
      return;
  }
}

// FIXME: absl::Now() is a listed clock source, but the key goes through
// absl::ToUnixNanos (and absl::FormatTime), which are not value transforms in
// ApiModel, so the trace stops there.
void now_to_unix_nanos_FN(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges",
                 {{"Idempotency-Key", absl::StrCat(order_id, "-", absl::ToUnixNanos(absl::Now()))}},
                 "{}", "application/json"))
      return;
}

void format_time_FN(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h;
    h.emplace("Idempotency-Key", absl::FormatTime(absl::Now()));
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void strcat_order_ok(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", absl::StrCat("order-", order_id)},
                              {"X-Attempt", absl::StrCat(attempt)}},
                 "{}", "application/json"))
      return;
}

void now_before_loop_ok(httplib::Client &cli, const std::string &order_id) {
  const std::string key = absl::StrCat(order_id, "-", absl::ToUnixSeconds(absl::Now()));
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
}
