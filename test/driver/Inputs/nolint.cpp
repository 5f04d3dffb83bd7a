// Every function has the same per-attempt key bug; the NOLINT forms decide
// which ones are reported. nolint.test checks the reported lines.
#include <httplib.h>
#include <cstdio>
#include <string>

void nolint_bare(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}}; // NOLINT
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void nolint_named(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}}; // NOLINT(retry-per-attempt-idempotency-key)
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void nolint_glob(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}}; // NOLINT(retry-*)
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void nolint_other_check(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}}; // NOLINT(bugprone-unused-raii)
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void nolintnextline(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // NOLINTNEXTLINE(retry-per-attempt-idempotency-key)
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void nolintnextline_too_far(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    // NOLINTNEXTLINE(retry-per-attempt-idempotency-key)

    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

// NOLINTBEGIN(retry-per-attempt-idempotency-key)
void nolintbegin(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
// NOLINTEND(retry-per-attempt-idempotency-key)

void after_nolintend(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    httplib::Headers h = {{"Idempotency-Key", std::to_string(rand())}};
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}
