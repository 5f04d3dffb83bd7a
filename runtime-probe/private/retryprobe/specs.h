// Command-line specs for `serve` and `proxy`: durations, fault plans and
// store policies. Each parser throws std::invalid_argument with a one-line
// message naming the spec and what is wrong.
#pragma once

#include "retryprobe/faults.h"
#include "retryprobe/stores.h"

#include <chrono>
#include <string>

namespace retryprobe {

// "250ms", "2s", "1.5s", "1m", "24h"; a bare number is milliseconds.
std::chrono::milliseconds parse_duration(const std::string &text);

// KIND[@N|@every|@request:N][,delay=DUR][,window=DUR]
// KIND: pre_commit, post_commit_drop, post_commit_slow, client_error,
// throttle, outage (dashes or underscores). @N hits the N-th arrival of each
// intent (default @1), @every every request, @request:N the N-th request
// overall. throttle and outage hold for `window` (default 1s) from the first
// request; throttle's Retry-After is the rest of the window.
FaultSpec parse_fault_spec(const std::string &text);

// naive | key-atomic | key-racy[:WINDOW] | key-ttl:DURATION | content-hash |
// durable:PATH (dashes or underscores).
StoreConfig parse_store_spec(const std::string &text);

} // namespace retryprobe
