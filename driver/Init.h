// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef RETRYLINT_DRIVER_INIT_H
#define RETRYLINT_DRIVER_INIT_H

#include <string>
#include <vector>

namespace retrylint {

/// `retrylint init [--force] [dir]`; returns the exit status.
int runInit(const std::vector<std::string> &Args);

} // namespace retrylint

#endif
