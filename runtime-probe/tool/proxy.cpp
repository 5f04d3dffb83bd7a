// retry-probe proxy: an HTTP/1.1 fault proxy in front of the user's own
// service, recording every request in a JSONL ledger.
#include "commands.h"

#include "retryprobe/proxy.h"
#include "retryprobe/specs.h"

#include <iostream>

namespace retryprobe_tool {

using namespace retryprobe;

int cmd_proxy(const ProxyArgs &a) {
  ProxyOptions opts;
  std::vector<FaultSpec> faults;
  try {
    opts.read_timeout = parse_duration(a.read_timeout);
    opts.upstream_timeout = parse_duration(a.upstream_timeout);
    for (const auto &f : a.faults)
      faults.push_back(parse_fault_spec(f));
    if (a.port < 0 || a.port > 65535)
      throw std::invalid_argument("--port " + std::to_string(a.port) +
                                  " is not a TCP port");
    if (a.ledger.empty())
      throw std::invalid_argument("--ledger needs a file name");
    for (const auto &f : a.intent_fields)
      if (f.empty())
        throw std::invalid_argument("--intent-field needs a field name");
    if (a.fsync != "before-reply" && a.fsync != "after-reply")
      throw std::invalid_argument("--fsync '" + a.fsync +
                                  "': expected before-reply or after-reply");
    opts.fsync_before_reply = a.fsync == "before-reply";
    opts.upstream = resolve_upstream(a.upstream);
  } catch (const std::invalid_argument &e) {
    print_error(e.what());
    return kUsage;
  } catch (const PreconditionError &e) {
    print_error(e.what());
    return kPrecondition;
  }
  opts.address = a.listen;
  opts.port = static_cast<unsigned short>(a.port);
  opts.intent_fields = a.intent_fields;

  std::unique_ptr<JsonlLedger> ledger;
  try {
    ledger = std::make_unique<JsonlLedger>(a.ledger);
  } catch (const std::exception &e) {
    print_error(e.what());
    return kPrecondition;
  }
  FaultPlan plan(faults);
  FaultProxy proxy(opts, plan, *ledger);
  StopSignal stop;
  try {
    proxy.start();
  } catch (const std::exception &e) {
    print_error(e.what());
    return kPrecondition;
  }
  std::cout << "retry-probe proxy: listening on http://"
            << (a.listen.find(':') != std::string::npos ? "[" + a.listen + "]"
                                                        : a.listen)
            << ":" << proxy.port() << ", forwarding to " << a.upstream
            << " (faults " << (faults.empty() ? "none" : plan.describe())
            << ", ledger " << a.ledger
            << (opts.fsync_before_reply ? "" : ", fsync after-reply") << ")"
            << std::endl;
  const char *sig = stop.wait();
  proxy.stop(); // every reply written or cut; every record fsync'd
  ProxyCounts c = proxy.counts();
  std::cout << "retry-probe proxy: stopped by " << sig << " after "
            << c.requests << " request(s), " << c.forwarded << " forwarded";
  if (c.bad_requests > 0)
    std::cout << " (" << c.bad_requests << " malformed or cut short)";
  if (c.unrecorded > 0)
    std::cout << "; " << c.unrecorded << " record(s) not written";
  std::cout << std::endl;
  return kOk;
}

} // namespace retryprobe_tool
