// Includes the header with a finding; has none of its own.
#include "retry_in_header.h"

void use_c(httplib::Client &cli) { header_charge(cli); }
