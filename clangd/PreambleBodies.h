// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Whether retrylint-clangd's preamble keeps function bodies (see
// PreambleBodies.cpp).

#ifndef RETRYLINT_DRIVER_CLANGD_PREAMBLEBODIES_H
#define RETRYLINT_DRIVER_CLANGD_PREAMBLEBODIES_H

namespace retrylint {
bool parsePreambleBodies();
void setParsePreambleBodies(bool Parse);
} // namespace retrylint

#endif
