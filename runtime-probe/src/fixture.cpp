// The public test fixture (retryprobe/fixture.h): `retry-probe serve`'s
// charge service, in-process, behind a small stable interface.
#include "retryprobe/fixture.h"

#include "retryprobe/reconcile.h"
#include "retryprobe/service.h"
#include "retryprobe/specs.h"
#include "retryprobe/workdir.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

namespace retryprobe {

const char *version() { return RETRYPROBE_VERSION_STRING; }

ServiceError::ServiceError(const std::string &what)
    : std::runtime_error(what) {}
ServiceError::~ServiceError() = default;

bool LedgerReading::exactly_once() const {
  return duplicates == 0 && lost == 0;
}

std::string LedgerReading::delivery() const {
  Reconciliation r;
  r.duplicates = duplicates;
  r.lost = lost;
  return delivery_label(r);
}

std::string LedgerReading::summary() const {
  return std::to_string(requests) + "/" + std::to_string(committed) + "/" +
         std::to_string(distinct) + "/" + std::to_string(duplicates) + "/" +
         (lost_measured ? std::to_string(lost) : std::string("?")) +
         " (requests/committed/distinct/duplicates/lost) " + delivery();
}

std::string LedgerReading::describe() const {
  std::string out = summary();
  for (const IntentCount &i : intents)
    out += "\n  intent " + i.intent + ": " + std::to_string(i.requests) +
           " request(s), " + std::to_string(i.charges) + " charged";
  if (!lost_measured)
    out += "\n  (no intents given: lost not measured)";
  for (const std::string &n : notes)
    out += "\n  note: " + n;
  return out;
}

struct TestService::Impl {
  ServiceOptions options;
  std::string dir;        // the ledger's directory
  bool temporary = false; // dir is ours to remove
  std::string ledger_path;
  StoreConfig store;
  std::unique_ptr<FaultPlan> faults;
  std::atomic<int> requests{0};
  std::unique_ptr<ChargeService> service;
  unsigned short port = 0;
  std::mutex mu; // restart/stop against each other

  ~Impl() {
    if (service)
      service->stop();
    service.reset(); // closes the ledger before its directory goes
    if (temporary)
      remove_temp_dir(dir);
  }
};

static std::string parent_dir(const std::string &path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

TestService::TestService(const std::string &store,
                         const std::vector<std::string> &faults)
    : TestService([&] {
        ServiceOptions o;
        o.store = store;
        o.faults = faults;
        return o;
      }()) {}

TestService::TestService(ServiceOptions options)
    : impl_(std::make_unique<Impl>()) {
  Impl &m = *impl_;
  m.options = std::move(options);
  const std::string where = "retryprobe::TestService: ";
  std::vector<FaultSpec> specs;
  try {
    // "durable" alone keeps its SQLite file next to the ledger.
    m.store =
        parse_store_spec(m.options.store == "durable" ? "durable:ledger.sqlite"
                                                      : m.options.store);
    for (const auto &f : m.options.faults)
      specs.push_back(parse_fault_spec(f));
  } catch (const std::invalid_argument &e) {
    throw ServiceError(where + e.what());
  }
  try {
    if (m.options.ledger.empty()) {
      m.dir = make_temp_dir();
      m.temporary = true;
      m.ledger_path = m.dir + "/ledger.jsonl";
    } else {
      m.ledger_path = m.options.ledger;
      m.dir = parent_dir(m.ledger_path);
    }
  } catch (const std::exception &e) {
    throw ServiceError(where + "no temporary ledger directory: " + e.what());
  }
  if (m.store.policy == Policy::durable && m.options.store == "durable")
    m.store.sqlite_file = m.dir + "/ledger.sqlite";
  m.store.ledger_file = m.ledger_path;
  m.faults = std::make_unique<FaultPlan>(specs);
  m.service =
      std::make_unique<ChargeService>(m.store, m.dir, *m.faults, m.requests);
  OpenService open;
  open.port = m.options.port;
  open.intent_field = m.options.intent_field;
  open.read_timeout = m.options.read_timeout;
  m.service->open(open);
  try {
    m.service->start();
  } catch (const std::exception &e) {
    // Impl's destructor stops what started and removes the directory.
    throw ServiceError(where + "cannot start (store " + m.options.store +
                       ", ledger " + m.ledger_path + "): " + e.what());
  }
  m.port = m.service->endpoint().port;
  // A restart comes back on the same port, so the client's URL holds.
  open.port = m.port;
  m.service->open(open);
}

TestService::~TestService() = default;

std::string TestService::url() const { return "http://" + host_port(); }

std::string TestService::host_port() const {
  return "127.0.0.1:" + std::to_string(impl_->port);
}

unsigned short TestService::port() const { return impl_->port; }

std::string TestService::ledger_path() const { return impl_->ledger_path; }

LedgerReading TestService::reading() const { return reading({}); }

LedgerReading
TestService::reading(const std::vector<std::string> &intents) const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  LedgerRead charges = impl_->service->read_ledger();
  // Request records live in the JSONL ledger for every store (durable:
  // next to the SQLite charges).
  LedgerRead records = read_ledger(impl_->ledger_path);
  Reconciliation r =
      reconcile(charges.entries, intents, impl_->requests.load());
  LedgerReading out;
  out.requests = r.requests;
  out.committed = r.committed;
  out.distinct = r.distinct_intents;
  out.duplicates = r.duplicates;
  out.lost = intents.empty() ? 0 : r.lost;
  out.lost_measured = !intents.empty();

  std::map<std::string, IntentCount> seen;
  std::vector<std::string> order(intents);
  auto at = [&](const std::string &intent) -> IntentCount & {
    auto it = seen.find(intent);
    if (it == seen.end()) {
      if (std::find(order.begin(), order.end(), intent) == order.end())
        order.push_back(intent);
      it = seen.emplace(intent, IntentCount{intent, 0, 0}).first;
    }
    return it->second;
  };
  for (const auto &i : intents)
    at(i);
  for (const auto &line : records.request_lines) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object() && j.value("method", "") == "POST")
      ++at(j.value("intent", "")).requests;
  }
  for (const auto &e : charges.entries)
    ++at(e.intent).charges;
  for (const auto &i : order)
    out.intents.push_back(seen.at(i));
  if (charges.torn_last_line)
    out.notes.push_back("ledger: torn last line: " + charges.torn_text);
  if (charges.corrupt_lines)
    out.notes.push_back("ledger: " + std::to_string(charges.corrupt_lines) +
                        " corrupt line(s)");
  return out;
}

void TestService::restart() {
  std::lock_guard<std::mutex> lock(impl_->mu);
  try {
    impl_->service->restart();
  } catch (const std::exception &e) {
    throw ServiceError("retryprobe::TestService: cannot restart on port " +
                       std::to_string(impl_->port) + ": " + e.what());
  }
}

void TestService::stop() {
  std::lock_guard<std::mutex> lock(impl_->mu);
  impl_->service->stop();
}

} // namespace retryprobe
