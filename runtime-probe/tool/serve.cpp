// retry-probe serve: the reference charge service, with a chosen key policy
// and fault plan, for the user's own client.
#include "commands.h"

#include "retryprobe/service.h"
#include "retryprobe/specs.h"

#include <iostream>

namespace retryprobe_tool {

using namespace retryprobe;

int cmd_serve(const ServeArgs &a) {
  StoreConfig store;
  std::chrono::milliseconds read_timeout{};
  std::vector<FaultSpec> faults;
  try {
    store = parse_store_spec(a.store);
    read_timeout = parse_duration(a.read_timeout);
    for (const auto &f : a.faults)
      faults.push_back(parse_fault_spec(f));
  } catch (const std::invalid_argument &e) {
    std::cerr << "retry-probe: error: " << e.what() << "\n";
    return kUsage;
  }
  if (a.port < 0 || a.port > 65535) {
    std::cerr << "retry-probe: error: --port " << a.port
              << " is not a TCP port\n";
    return kUsage;
  }
  if (a.ledger.empty()) {
    std::cerr << "retry-probe: error: --ledger needs a file name\n";
    return kUsage;
  }
  store.ledger_file = a.ledger;
  FaultPlan plan(faults);
  std::atomic<int> requests{0};
  ChargeService svc(store, ".", plan, requests);
  OpenService open;
  open.address = a.listen;
  open.port = static_cast<unsigned short>(a.port);
  open.intent_field = a.intent_field;
  open.read_timeout = read_timeout;
  svc.open(open);

  StopSignal stop;
  try {
    svc.start();
  } catch (const std::exception &e) {
    std::cerr << "retry-probe: error: " << e.what() << "\n";
    return kPrecondition;
  }
  Endpoint ep = svc.endpoint();
  std::string where = store.policy == Policy::durable
                          ? "keys and ledger in " + store.sqlite_file
                          : "ledger " + a.ledger;
  std::cout << "retry-probe serve: listening on http://"
            << (a.listen.find(':') != std::string::npos ? "[" + a.listen + "]"
                                                        : a.listen)
            << ":" << ep.port << " (store " << a.store << ", faults "
            << (faults.empty() ? "none" : plan.describe()) << ", " << where
            << ")" << std::endl;
  const char *sig = stop.wait();
  svc.stop(); // every reply written or cut; every ledger line fsync'd
  std::cout << "retry-probe serve: stopped by " << sig << " after "
            << requests.load() << " POST request(s)" << std::endl;
  return kOk;
}

} // namespace retryprobe_tool
