// RUN: %check_retrylint %s retry-per-attempt-idempotency-key %t -- -- -I %S/Inputs/Headers

// Findings whose key cannot be moved above the loop mechanically: each is
// reported, and the fixed file keeps the statement where it is.

#include <httplib.h>
#include <stdlib.h>
#include <string>

#define MINT_KEY(name) const std::string name = std::to_string(rand())

// The key changes after it is minted: moving it would change what is sent.
bool mutated_nofix(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string key = std::to_string(rand());
    key += "-charge";
    httplib::Headers h = {{"Idempotency-Key", key}};
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK-FIXES:bool mutated_nofix(httplib::Client &cli) {
// CHECK-FIXES-NEXT:  for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:    std::string key = std::to_string(rand());

// The minting reads a value the loop changes.
bool reads_changing_nofix(httplib::Client &cli) {
  std::string salt = "a";
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::string key = salt + std::to_string(rand());
    httplib::Headers h = {{"Idempotency-Key", key}};
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
    salt += "a";
  }
  return false;
}
// CHECK-FIXES:bool reads_changing_nofix(httplib::Client &cli) {
// CHECK-FIXES-NEXT:  std::string salt = "a";
// CHECK-FIXES-NEXT:  for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:    const std::string key = salt + std::to_string(rand());

// Another variable of the function has the key's name.
bool name_taken_nofix(httplib::Client &cli, bool retry) {
  if (retry) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      const std::string key = std::to_string(rand());
      httplib::Headers h = {{"Idempotency-Key", key}};
      // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: idempotency key changes on every attempt
      if (cli.Post("/charges", h, "{}", "application/json"))
        return true;
    }
  }
  const std::string key = "once";
  return static_cast<bool>(cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "x"));
}
// CHECK-FIXES:bool name_taken_nofix(httplib::Client &cli, bool retry) {
// CHECK-FIXES-NEXT:  if (retry) {
// CHECK-FIXES-NEXT:    for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:      const std::string key = std::to_string(rand());

// The loop is the body of an if without braces: no line to put it on.
bool unbraced_parent_nofix(httplib::Client &cli, bool retry) {
  if (retry)
    for (int attempt = 0; attempt < 3; ++attempt) {
      const std::string key = std::to_string(rand());
      httplib::Headers h = {{"Idempotency-Key", key}};
      // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: idempotency key changes on every attempt
      if (cli.Post("/charges", h, "{}", "application/json"))
        return true;
    }
  return false;
}
// CHECK-FIXES:bool unbraced_parent_nofix(httplib::Client &cli, bool retry) {
// CHECK-FIXES-NEXT:  if (retry)
// CHECK-FIXES-NEXT:    for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:      const std::string key = std::to_string(rand());

// Minted by a macro: never a fix-it in a macro.
bool macro_nofix(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    MINT_KEY(key);
    httplib::Headers h = {{"Idempotency-Key", key}};
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK-FIXES:bool macro_nofix(httplib::Client &cli) {
// CHECK-FIXES-NEXT:  for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:    MINT_KEY(key);

// Two statements on the key's line.
bool shared_line_nofix(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int n = attempt; const std::string key = std::to_string(rand() + 0 * n);
    httplib::Headers h = {{"Idempotency-Key", key}};
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: idempotency key changes on every attempt
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK-FIXES:bool shared_line_nofix(httplib::Client &cli) {
// CHECK-FIXES-NEXT:  for (int attempt = 0; attempt < 3; ++attempt) {
// CHECK-FIXES-NEXT:    int n = attempt; const std::string key = std::to_string(rand() + 0 * n);
