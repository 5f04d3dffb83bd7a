// corpus: origin written
// corpus: expect retry-nested-layers
// The outer retry reaches the inner retry through two plain calls.
#include <chrono>
#include <random>
#include <string>
#include <thread>

extern "C" int ldap_search_uid(const char *uid, char *dn, int n);

static std::minstd_rand rng(std::random_device{}());

static void nap(long cap) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<long>(0, cap)(rng)));
}

static bool search_retrying(const char *uid, char *dn, int n) {
  for (int i = 0; i < 3; ++i) {
    if (ldap_search_uid(uid, dn, n) == 0)
      return true;
    nap(100L << i);
  }
  return false;
}

static bool resolve_dn(const std::string &uid, char *dn, int n) {
  return search_retrying(uid.c_str(), dn, n);
}

static bool authorize(const std::string &uid) {
  char dn[256];
  return resolve_dn(uid, dn, sizeof dn);
}

bool login(const std::string &uid) {
  for (int i = 0; i < 3; ++i) {
    if (authorize(uid))
      return true;
    nap(500L << i);
  }
  return false;
}
