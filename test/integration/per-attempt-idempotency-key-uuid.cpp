// retry-per-attempt-idempotency-key and UUID versions, with the real libuuid
// and Boost.Uuid (1.74) headers: random (v4) and time-based (v1) UUIDs
// differ on every attempt; name-based (v3 md5, v5 sha1) UUIDs and parsed
// stored UUIDs are deterministic and must stay silent. The key goes into a
// real cpp-httplib POST.
//
// RUN: not %retrylint --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --load=%retry_plugin --checks='-*,retry-per-attempt-idempotency-key' --quiet %s -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <httplib.h>
#include <uuid/uuid.h>

#include <boost/lexical_cast.hpp>
#include <boost/uuid/name_generator_md5.hpp>
#include <boost/uuid/name_generator_sha1.hpp>
#include <boost/uuid/uuid.hpp>
#include <boost/uuid/uuid_generators.hpp>
#include <boost/uuid/uuid_io.hpp>

#include <sstream>
#include <string>

// libuuid has no predefined namespace constants; RFC 4122's URL namespace.
static const uuid_t kNamespaceUrl = {0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1,
                                     0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};

std::string unparse(const uuid_t u) {
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}

bool post(httplib::Client &cli, const std::string &key) {
  return bool(cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"));
}

// --- libuuid --------------------------------------------------------------------

void libuuid_random_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_generate_random(u);
    if (cli.Post("/charges", {{"Idempotency-Key", unparse(u)}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_random', so the server cannot recognize a retried request and may execute it twice [retry-per-attempt-idempotency-key]
      // CHECK: :[[@LINE-3]]:5: note: a random UUID from 'uuid_generate_random' is produced here on each attempt
      // CHECK: :[[@LINE-6]]:3: note: retry loop re-sends the request here
      return;
  }
}

void libuuid_generate_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_generate(u);
    if (cli.Post("/charges", {{"Idempotency-Key", unparse(u)}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate'
      // CHECK: :[[@LINE-3]]:5: note: a random UUID from 'uuid_generate' is produced here on each attempt
      return;
  }
}

void libuuid_time_safe_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_generate_time_safe(u);
    if (cli.Post("/charges", {{"Idempotency-Key", unparse(u)}}, "{}", "application/json"))
      // CHECK: :[[@LINE-1]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'uuid_generate_time_safe'
      return;
  }
}

// FIXME: a same-TU helper that sends the key it is given in a parameter
// (post(cli, key) puts `key` into the Idempotency-Key header) is not traced
// back to its callers: only parameters named like a sink (idempotency_key,
// ...) count. Not specific to the real headers; the fake ones miss it too.
void libuuid_random_via_helper_param_FN(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_generate_random(u);
    if (post(cli, unparse(u)))
      return;
  }
}

void libuuid_sha1_ok(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_generate_sha1(u, kNamespaceUrl, order_id.c_str(), order_id.size());
    if (cli.Post("/charges", {{"Idempotency-Key", unparse(u)}}, "{}", "application/json"))
      return;
  }
}

void libuuid_md5_ok(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_generate_md5(u, kNamespaceUrl, order_id.c_str(), order_id.size());
    if (cli.Post("/charges", {{"Idempotency-Key", unparse(u)}}, "{}", "application/json"))
      return;
  }
}

void libuuid_parsed_stored_key_ok(httplib::Client &cli, const std::string &stored) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    uuid_t u;
    uuid_parse(stored.c_str(), u);
    if (cli.Post("/charges", {{"Idempotency-Key", unparse(u)}}, "{}", "application/json"))
      return;
  }
}

void libuuid_random_before_loop_ok(httplib::Client &cli) {
  uuid_t u;
  uuid_generate_random(u);
  const std::string key = unparse(u);
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", key}}, "{}", "application/json"))
      return;
}

// --- Boost.Uuid -------------------------------------------------------------------

// In Boost 1.74 random_generator is random_generator_pure.
void boost_random_generator_bad(httplib::Client &cli) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(gen())}}, "{}",
                 "application/json"))
      // CHECK: :[[@LINE-2]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_pure::operator()'
      // CHECK: :[[@LINE-3]]:75: note: a random UUID from 'boost::uuids::random_generator_pure::operator()' is produced here on each attempt
      // CHECK: :[[@LINE-5]]:3: note: retry loop re-sends the request here
      return;
  }
}

void boost_random_generator_temporary_bad(httplib::Client &cli) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::uuid id = boost::uuids::random_generator()();
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(id)}}, "{}",
                 "application/json"))
      // CHECK: :[[@LINE-2]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_pure::operator()'
      return;
  }
}

void boost_random_generator_mt19937_bad(httplib::Client &cli) {
  boost::uuids::random_generator_mt19937 gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(gen())}}, "{}",
                 "application/json"))
      // CHECK: :[[@LINE-2]]:51: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_mt19937::operator()'
      return;
  }
}

void boost_lexical_cast_bad(httplib::Client &cli) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::uuid id = gen();
    httplib::Headers h{{"Idempotency-Key", boost::lexical_cast<std::string>(id)}};
    // CHECK: :[[@LINE-1]]:44: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_pure::operator()'
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void boost_ostream_bad(httplib::Client &cli) {
  boost::uuids::random_generator gen;
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::ostringstream os;
    os << gen();
    httplib::Headers h{{"Idempotency-Key", os.str()}};
    // CHECK: :[[@LINE-1]]:44: warning: idempotency key changes on every attempt: it is derived from a random UUID from 'boost::uuids::random_generator_pure::operator()'
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void boost_name_generator_sha1_ok(httplib::Client &cli, const std::string &order_id) {
  boost::uuids::name_generator_sha1 gen(boost::uuids::ns::url());
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(gen(order_id))}},
                 "{}", "application/json"))
      return;
}

void boost_name_generator_md5_ok(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::name_generator_md5 gen(boost::uuids::ns::oid());
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(gen(order_id))}},
                 "{}", "application/json"))
      return;
  }
}

void boost_name_generator_latest_ok(httplib::Client &cli, const std::string &order_id) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    boost::uuids::name_generator_latest gen(boost::uuids::ns::dns());
    httplib::Headers h;
    h.emplace("Idempotency-Key", boost::uuids::to_string(gen(order_id)));
    if (cli.Post("/charges", h, "{}", "application/json"))
      return;
  }
}

void boost_string_generator_ok(httplib::Client &cli, const std::string &stored) {
  boost::uuids::string_generator parse;
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(parse(stored))}},
                 "{}", "application/json"))
      return;
}

void boost_random_once_ok(httplib::Client &cli) {
  const boost::uuids::uuid id = boost::uuids::random_generator()();
  for (int attempt = 0; attempt < 3; ++attempt)
    if (cli.Post("/charges", {{"Idempotency-Key", boost::uuids::to_string(id)}}, "{}",
                 "application/json"))
      return;
}
