// Convenience header for tools: per-outcome classification (outcome.h),
// delivery labels and claim matching (reconcile.h) and reading judgement
// (judge.h). Library code includes the one it needs, never this one.
#pragma once

#include "retryprobe/judge.h"
#include "retryprobe/outcome.h"
#include "retryprobe/reconcile.h"
