// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `retrylint explain CHECK`: the check's summary, then its runtime-probe
// scenarios run through the retryprobe library, failing variant beside its
// fix. Explain.cpp is compiled with exceptions (the probe needs them); this
// interface uses standard types only, so the rest of the driver can stay
// -fno-exceptions.

#ifndef RETRYLINT_DRIVER_EXPLAIN_H
#define RETRYLINT_DRIVER_EXPLAIN_H

#include <map>
#include <string>
#include <vector>

namespace retrylint {

/// Whether this binary was built with the runtime probe.
bool haveProbe();

/// `retrylint explain [--format=text|json] [--color=...] CHECK`; the
/// arguments after `explain`. Exit status 0 when every reading matches its
/// claim, 2 otherwise (or on a usage error).
int runExplain(const std::vector<std::string> &Args);

/// Runs the probe scenarios of \p Checks (all at once) and returns, per
/// check that names scenarios, its readings as a JSON array (for SARIF rule
/// properties). Empty when the probe is not built. \p AllMatch is cleared
/// when a reading contradicts its claim.
std::map<std::string, std::string>
probeEvidence(const std::vector<std::string> &Checks, bool &AllMatch);

} // namespace retrylint

#endif
