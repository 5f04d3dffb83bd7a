// The payments service's charge API (see charges.h for the protocol) on
// cpp-httplib. Charges and refunds are appended to a JSONL ledger file.
#pragma once

#include <string>

namespace shop {

// Serves POST /charges, GET /charges?intent=ID and POST /refunds on
// host:port (port 0: any free port) until the process is stopped. Prints
// "listening on HOST:PORT" once it accepts connections. Returns non-zero if
// it cannot listen or open the ledger.
int serve_charges(const std::string &host, int port,
                  const std::string &ledger_path);

} // namespace shop
