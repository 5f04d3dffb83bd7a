// corpus: origin written
// corpus: expect retry-nested-layers
// A repository class: save() retries write_row(), which retries the
// statement itself.
#include <chrono>
#include <random>
#include <string>
#include <thread>

struct PgConn;
extern "C" int pg_exec_params(PgConn *c, const char *sql, const char *a, const char *b);

class AccountRepo {
public:
  explicit AccountRepo(PgConn *c) : conn_(c) {}

  bool save(const std::string &id, const std::string &json) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (write_row(id, json))
        return true;
      wait(attempt + 3);
    }
    return false;
  }

private:
  bool write_row(const std::string &id, const std::string &json) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (pg_exec_params(conn_, "UPDATE accounts SET doc = $2 WHERE id = $1", id.c_str(),
                         json.c_str()) == 0)
        return true;
      wait(attempt);
    }
    return false;
  }

  void wait(int attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::uniform_int_distribution<long>(0, 50L << attempt)(rng_)));
  }

  PgConn *conn_;
  std::minstd_rand rng_{std::random_device{}()};
};
