// Messages name a per-attempt source as the user wrote it: an engine held
// in a `std::mt19937_64` (a typedef of a 13-argument class template) is
// 'std::mt19937_64', not the template spelled out. Real libstdc++ headers.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 -DCPPHTTPLIB_OPENSSL_SUPPORT 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 -DCPPHTTPLIB_OPENSSL_SUPPORT 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <httplib.h>

#include <random>
#include <string>

bool typedef_engine_bad(httplib::Client &cli) {
  std::mt19937_64 gen{std::random_device{}()};
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(gen())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK: :[[@LINE-6]]:47: warning: idempotency key changes on every attempt: it is derived from a random number from 'std::mt19937_64::operator()', so
// CHECK: :[[@LINE-7]]:62: note: a random number from 'std::mt19937_64::operator()' is produced here on each attempt

using Engine = std::minstd_rand;

bool alias_engine_bad(httplib::Client &cli) {
  Engine gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(gen())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK: :[[@LINE-6]]:47: warning: idempotency key changes on every attempt: it is derived from a random number from 'Engine::operator()', so

bool distribution_bad(httplib::Client &cli) {
  std::mt19937 gen{42};
  std::uniform_int_distribution<long> dist(1, 1000000);
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(dist(gen))}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return true;
  }
  return false;
}
// CHECK: :[[@LINE-6]]:47: warning: idempotency key changes on every attempt: it is derived from a random number from 'std::uniform_int_distribution<long>::operator()', so
