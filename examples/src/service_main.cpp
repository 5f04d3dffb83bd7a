// charge-service: the payments service's charge API.
//
//   charge-service [--host HOST] [--port PORT] [--ledger FILE]
//
// Defaults: 127.0.0.1, port 8082, ledger charges.jsonl. Port 0 picks a free
// port; the chosen one is printed.

#include "charge_service.h"

#include <cstdlib>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  std::string host = "127.0.0.1";
  int port = 8082;
  std::string ledger = "charges.jsonl";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 < argc && arg == "--host") {
      host = argv[++i];
    } else if (i + 1 < argc && arg == "--port") {
      port = std::atoi(argv[++i]);
    } else if (i + 1 < argc && arg == "--ledger") {
      ledger = argv[++i];
    } else {
      std::cerr << "usage: charge-service [--host HOST] [--port PORT] "
                   "[--ledger FILE]\n";
      return 2;
    }
  }
  return shop::serve_charges(host, port, ledger);
}
