// The public API of libretryprobe in one include: the version and the test
// fixture (a fault-injecting charge service with a ledger). GoogleTest
// assertions are in retryprobe/gtest.h.
#pragma once

#include "retryprobe/fixture.h"
#include "retryprobe/version.h"
