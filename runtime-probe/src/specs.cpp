#include "retryprobe/specs.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace retryprobe {

namespace {

std::string underscores(std::string s) {
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

[[noreturn]] void bad(const std::string &what) {
  throw std::invalid_argument(what);
}

int positive_int(const std::string &text, const std::string &what) {
  if (text.empty() || text.size() > 9 ||
      text.find_first_not_of("0123456789") != std::string::npos ||
      std::stol(text) < 1)
    bad(what + ": '" + text + "' is not a positive integer");
  return static_cast<int>(std::stol(text));
}

} // namespace

std::chrono::milliseconds parse_duration(const std::string &text) {
  std::size_t end = 0;
  while (
      end < text.size() &&
      (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.'))
    ++end;
  std::string num = text.substr(0, end), unit = text.substr(end);
  double scale = unit.empty() || unit == "ms" ? 1
                 : unit == "s"                ? 1000
                 : unit == "m"                ? 60000
                 : unit == "h"                ? 3600000
                                              : -1;
  if (num.empty() || std::count(num.begin(), num.end(), '.') > 1 ||
      num == "." || scale < 0)
    bad("bad duration '" + text + "' (e.g. 250ms, 2s, 1.5s, 1m, 24h)");
  double ms = std::stod(num) * scale;
  if (!std::isfinite(ms) || ms > 30 * 86400000.0)
    bad("duration '" + text + "' is longer than 30 days");
  return std::chrono::milliseconds(static_cast<long long>(std::llround(ms)));
}

FaultSpec parse_fault_spec(const std::string &text) {
  std::string where = "fault '" + text + "'";
  FaultSpec f;
  std::vector<std::string> parts;
  std::size_t pos = 0;
  for (;;) {
    std::size_t comma = text.find(',', pos);
    parts.push_back(text.substr(
        pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  std::string head = parts[0], scope;
  if (auto at = head.find('@'); at != std::string::npos) {
    scope = head.substr(at + 1);
    head = head.substr(0, at);
  }
  std::string kind = underscores(head);
  bool found = false;
  for (FaultKind k : {FaultKind::pre_commit, FaultKind::post_commit_drop,
                      FaultKind::post_commit_slow, FaultKind::client_error,
                      FaultKind::throttle, FaultKind::outage})
    if (kind == fault_name(k)) {
      f.kind = k;
      found = true;
    }
  if (!found)
    bad(where + ": unknown kind '" + head +
        "' (pre_commit, post_commit_drop, post_commit_slow, client_error, "
        "throttle, outage)");
  bool windowed = f.kind == FaultKind::throttle || f.kind == FaultKind::outage;
  if (!scope.empty()) {
    if (windowed)
      bad(where + ": " + head + " holds for a window, it takes no @scope");
    if (scope == "every")
      f.on_arrival = 0;
    else if (scope.rfind("request:", 0) == 0)
      f.on_request = positive_int(scope.substr(8), where + " @request:N");
    else
      f.on_arrival = positive_int(scope, where + " @N");
  }
  if (windowed)
    f.window = std::chrono::seconds(1);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    auto eq = parts[i].find('=');
    if (eq == std::string::npos)
      bad(where + ": expected name=value, got '" + parts[i] + "'");
    std::string name = underscores(parts[i].substr(0, eq)),
                value = parts[i].substr(eq + 1);
    if (name == "delay" && f.kind == FaultKind::post_commit_slow)
      f.slow_reply = parse_duration(value);
    else if (name == "window" && windowed)
      f.window = parse_duration(value);
    else
      bad(where + ": '" + parts[i].substr(0, eq) + "' does not apply to " +
          fault_name(f.kind));
  }
  return f;
}

StoreConfig parse_store_spec(const std::string &text) {
  std::string name = text, arg;
  bool has_arg = false;
  if (auto colon = text.find(':'); colon != std::string::npos) {
    name = text.substr(0, colon);
    arg = text.substr(colon + 1);
    has_arg = true;
  }
  StoreConfig c;
  auto p = parse_policy(underscores(name));
  if (!p)
    bad("unknown store '" + text +
        "' (naive, key-atomic, key-racy[:WINDOW], key-ttl:DURATION, "
        "content-hash, durable:PATH)");
  c.policy = *p;
  switch (c.policy) {
  case Policy::key_ttl:
    if (!has_arg)
      bad("store '" + text + "': key-ttl needs a duration (key-ttl:24h)");
    c.ttl = parse_duration(arg);
    break;
  case Policy::key_racy:
    if (has_arg)
      c.racy_window = parse_duration(arg);
    break;
  case Policy::durable:
    if (!has_arg || arg.empty())
      bad("store '" + text + "': durable needs a file (durable:keys.sqlite)");
    c.sqlite_file = arg;
    break;
  default:
    if (has_arg)
      bad("store '" + text + "': " + name + " takes no argument");
  }
  return c;
}

} // namespace retryprobe
