// RUN: %check_retrylint %s retry-unkeyed-side-effect %t -- -- -I %S/Inputs/Headers
//
// A client class holds the curl handle: its constructor and members set the
// options, another member performs the transfer. The method is read across
// the class; when the class chooses among methods (a switch over a method
// field), it is the one named where the client was built, else unknown.

#include <chrono>
#include <curl/curl.h>
#include <stdio.h>
#include <string>
#include <thread>

static void pause_jittered(int attempt) {
  std::this_thread::sleep_for(
      std::chrono::milliseconds((100 << attempt) + rand() % 100));
}

class PostClient {
public:
  explicit PostClient(const std::string &body) : curl_(curl_easy_init()) {
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, body.c_str());
  }
  CURLcode send() { return curl_easy_perform(curl_); }

private:
  CURL *curl_;
};

bool class_always_posts_bad(const std::string &order) {
  for (int tries = 0; tries < 3; ++tries) {
    PostClient c(order);
    if (c.send() == CURLE_OK)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: HTTP POST (through 'send') is re-sent after an ambiguous failure
      return true;
    pause_jittered(tries);
  }
  return false;
}

class Client {
public:
  enum class method_t { GET, POST };
  struct props_t {
    std::string body;
    method_t method;
    std::string url;
  };
  explicit Client(props_t p) : props_(p), curl_(curl_easy_init()) {
    curl_easy_setopt(curl_, CURLOPT_URL, props_.url.c_str());
    set_method();
  }
  CURLcode request() { return curl_easy_perform(curl_); }

private:
  void set_method() {
    switch (props_.method) {
    case method_t::GET:
      curl_easy_setopt(curl_, CURLOPT_HTTPGET, 1L);
      break;
    case method_t::POST:
      curl_easy_setopt(curl_, CURLOPT_POST, 1L);
      curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, props_.body.c_str());
      break;
    }
  }
  props_t props_;
  CURL *curl_;
};

bool props_name_post_bad(const std::string &order) {
  for (int tries = 0; tries < 3; ++tries) {
    Client c({order, Client::method_t::POST, "https://shop.example/orders"});
    if (c.request() == CURLE_OK)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: HTTP POST (through 'request') is re-sent after an ambiguous failure
      return true;
    pause_jittered(tries);
  }
  return false;
}

// The method reaches the client through a wrapper's parameters.
struct SendParams {
  std::string body;
  Client::method_t method;
};

static CURLcode send_to_shop(const SendParams &params) {
  Client c({params.body, params.method, "https://shop.example/orders"});
  return c.request();
}

bool wrapper_params_name_post_bad(const std::string &order) {
  for (int tries = 0; tries < 3; ++tries) {
    if (send_to_shop({order, Client::method_t::POST}) == CURLE_OK)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: HTTP POST (through 'send_to_shop') is re-sent after an ambiguous failure
      return true;
    pause_jittered(tries);
  }
  return false;
}

// --- near-misses that must stay silent ---

bool wrapper_params_name_get_ok() {
  for (int tries = 0; tries < 3; ++tries) {
    if (send_to_shop({"", Client::method_t::GET}) == CURLE_OK)
      return true;
    pause_jittered(tries);
  }
  return false;
}

bool props_name_get_ok() {
  for (int tries = 0; tries < 3; ++tries) {
    Client c({"", Client::method_t::GET, "https://shop.example/orders/7"});
    if (c.request() == CURLE_OK)
      return true;
    pause_jittered(tries);
  }
  return false;
}

// The props come from the caller: which method the switch picks is not
// known here.
bool props_from_caller_ok(const Client::props_t &p) {
  for (int tries = 0; tries < 3; ++tries) {
    Client c(p);
    if (c.request() == CURLE_OK)
      return true;
    pause_jittered(tries);
  }
  return false;
}
