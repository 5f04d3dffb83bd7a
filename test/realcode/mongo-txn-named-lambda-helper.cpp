// corpus: origin github:mongodb/mongo-cxx-driver examples/mongocxx/mongodb.com/transactions_examples.cpp transactions_retry_example_1
// corpus: real-headers
// corpus: expect retry-missing-budget retry-missing-backoff
// corpus: negative retry-nested-layers
// corpus: negative retry-non-retryable-status retry-per-attempt-idempotency-key
// The documented transaction retry pattern: a lambda that runs the whole
// transaction callable in a while (true) and goes straight back whenever the
// caught error carries the TransientTransactionError label. No cap, no
// deadline, no wait. There is one retry layer: the loop inside the helper
// lambda; the transaction passed in retries nothing by itself. (The server
// de-duplicates commits by session and transaction number, which is why the
// side-effect question is left open.)
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>

namespace db {
struct Document {
  std::string json;
};
class Collection {
public:
  void update_one(const Document &filter, const Document &change);
};
class Session;
class Client {
public:
  Collection collection(const std::string &db, const std::string &name);
  Session start_session();
};
class Session {
public:
  void start_transaction();
  void commit_transaction();
};
class OperationError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
  bool has_error_label(const std::string &label) const;
};
} // namespace db

namespace {

// The intro example: a transaction whose commit is retried while its outcome
// is unknown, in a named lambda of its own (its own site, not under test).
void deactivate(db::Client &client) {
  auto update = [](db::Session &s) {
    while (true) {
      try {
        s.commit_transaction();
        break;
      } catch (const db::OperationError &e) {
        if (e.has_error_label("UnknownTransactionCommitResult")) {
          std::cout << "commit outcome unknown, committing again" << std::endl;
          continue;
        } else {
          std::cout << "commit failed" << std::endl;
          throw e;
        }
      }
    }
  };
  db::Session session = client.start_session();
  update(session);
}

void raise_salary(db::Client &client) {
  using txn_body = std::function<void(db::Session &)>;
  auto run_with_retry = [](txn_body txn, db::Session &s) {
    while (true) {
      try {
        txn(s);
        break;
      } catch (const db::OperationError &e) {
        if (e.has_error_label("TransientTransactionError")) {
          std::cout << "transient error, running the transaction again\n";
          continue;
        } else {
          throw e;
        }
      }
    }
  };

  db::Session session = client.start_session();
  run_with_retry(
      [&client](db::Session &s) {
        s.start_transaction();
        client.collection("hr", "employees")
            .update_one({"{\"id\": 3}"}, {"{\"$inc\": {\"salary\": 100}}"});
        s.commit_transaction();
      },
      session);
}

} // namespace
