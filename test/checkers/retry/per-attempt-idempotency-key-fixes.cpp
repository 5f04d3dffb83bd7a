// RUN: %check_retrylint %s retry-per-attempt-idempotency-key %t -- -- -I %S/Inputs/Headers
// The fixed file compiles and lints clean: every finding here has a fix.
// RUN: %clang_tidy --load %retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --config={} --warnings-as-errors='*' %t.plugin.cxx17.cpp -- -std=c++17 -nostdinc++ -I %S/Inputs/Headers
// RUN: %retrylint --checks='-*,retry-per-attempt-idempotency-key' --warnings-as-errors='*' %t.plugin.cxx17.cpp -- -std=c++17 -nostdinc++ -I %S/Inputs/Headers
// RUN: %retrylint --checks='-*,retry-per-attempt-idempotency-key' --warnings-as-errors='*' %t.driver.cxx17.cpp -- -std=c++17 -nostdinc++ -I %S/Inputs/Headers

// A key minted inside the retry loop from operands that do not change
// between attempts: the fix moves the statement that mints it above the
// loop, so every attempt sends the same key.

#include <httplib.h>
#include <stdlib.h>
#include <string>
#include <uuid/uuid.h>

std::string random_uuid() {
  uuid_t u;
  uuid_generate_random(u);
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

bool hoist_const_bad(httplib::Client &cli, const std::string &body) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::string key = "k-" + std::to_string(rand());
    httplib::Headers h = {{"Idempotency-Key", key}};
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt: it is derived from a random number from 'rand'
    if (auto res = cli.Post("/charges", h, body, "application/json"))
      return res->status < 300;
  }
  return false;
}
// CHECK-FIXES:bool hoist_const_bad(httplib::Client &cli, const std::string &body) {
// CHECK-FIXES-NEXT:  const std::string key = "k-" + std::to_string(rand());
// CHECK-FIXES-NEXT:  for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:    httplib::Headers h = {{[{][{]}}"Idempotency-Key", key}};

// The key's own comment moves with it; a helper that mints a UUID.
bool hoist_comment_bad(httplib::Client &cli, const std::string &order) {
  int attempts = 0;
  while (attempts < 5) {
    const std::string key = random_uuid(); // one per charge, not per attempt
    httplib::Headers h = {{"Idempotency-Key", key}, {"X-Order", order}};
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random'
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
    ++attempts;
  }
  return false;
}
// CHECK-FIXES:bool hoist_comment_bad(httplib::Client &cli, const std::string &order) {
// CHECK-FIXES-NEXT:  int attempts = 0;
// CHECK-FIXES-NEXT:  const std::string key = random_uuid(); // one per charge, not per attempt
// CHECK-FIXES-NEXT:  while (attempts < 5) {
// CHECK-FIXES-NEXT:    httplib::Headers h = {{[{][{]}}"Idempotency-Key", key}, {"X-Order", order}};

// The headers themselves are minted per attempt, in a do loop.
void hoist_headers_bad(httplib::Client &cli) {
  int left = 3;
  do {
    const httplib::Headers h = {{"Idempotency-Key", random_uuid()}};
    // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: idempotency key changes on every attempt
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  } while (--left > 0);
}
// CHECK-FIXES:void hoist_headers_bad(httplib::Client &cli) {
// CHECK-FIXES-NEXT:  int left = 3;
// CHECK-FIXES-NEXT:  const httplib::Headers h = {{[{][{]}}"Idempotency-Key", random_uuid()}};
// CHECK-FIXES-NEXT:  do {
// CHECK-FIXES-NEXT:    //
// CHECK-FIXES-NEXT:    if (cli.Post("/charges", h, "{}", "application/json"))

bool stable_ok(httplib::Client &cli, const std::string &order) {
  const std::string key = "charge-" + order;
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", key}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK-FIXES:bool stable_ok(httplib::Client &cli, const std::string &order) {
// CHECK-FIXES-NEXT:  const std::string key = "charge-" + order;
// CHECK-FIXES-NEXT:  for (int attempt = 0; attempt < 3; ++attempt) {
