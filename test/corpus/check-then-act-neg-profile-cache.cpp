// corpus: origin written
// corpus: negative retry-check-then-act-dedup
// corpus: negative retry-volatile-idempotency-store
// A read-through cache of user profiles: find, fetch, insert. Not a de-dup
// store (a duplicate fill is harmless) and not keyed by an idempotency key.
#include <httplib.h>
#include <mutex>
#include <string>
#include <unordered_map>

class ProfileCache {
  std::mutex mu_;
  std::unordered_map<std::string, std::string> profiles_;
  httplib::Client users_{"http://users:8080"};

public:
  std::string get(const std::string &user_id) {
    {
      std::lock_guard<std::mutex> g(mu_);
      auto it = profiles_.find(user_id);
      if (it != profiles_.end())
        return it->second;
    }
    auto r = users_.Get("/users/" + user_id);
    const std::string body = r ? r->body : "";
    std::lock_guard<std::mutex> g(mu_);
    profiles_.emplace(user_id, body);
    return body;
  }
};
