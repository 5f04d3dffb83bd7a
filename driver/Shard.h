// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sharding across CI runners: --shard=K/N analyzes a stable subset of the
// translation units and, with --export-facts, writes its pass-1 results
// beside its facts; --merge-shards reads every shard's files, runs the
// cross-TU pass over all of them and hands the whole run's results to the
// report, as one --cross-tu run would.

#ifndef RETRYLINT_DRIVER_SHARD_H
#define RETRYLINT_DRIVER_SHARD_H

#include "Analysis.h"
#include "Config.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace retrylint {

/// The shard (1..N) of \p File: fnv1a of its path relative to the working
/// directory ('/' separators; absolute outside it) modulo N, plus 1.
unsigned shardOf(llvm::StringRef File, unsigned N);

/// The files of \p Files in shard \p K of \p N, in the same order.
std::vector<std::string> filesOfShard(const std::vector<std::string> &Files,
                                      unsigned K, unsigned N);

/// Writes \p Dir/retrylint-shard-K-of-N.results: the TUs of the shard and
/// their pass-1 results (passOne(), facts findings included). A failure is
/// fatal().
void writeShardResults(llvm::StringRef Dir, unsigned K, unsigned N,
                       const std::vector<std::string> &Files,
                       const Results &PassOne);

/// Every shard's TUs and pass-1 results in \p Dir, sorted by TU; a missing
/// or duplicated shard, shards of different N, a TU in two shards or a
/// malformed file is fatal().
void readShards(llvm::StringRef Dir, std::vector<std::string> &Files,
                Results &PassOne);

/// --merge-shards: pass 2 over the shards' facts in \p Dir, merged into
/// their pass-1 results \p Out of \p Files, as analyze() does in one run.
void mergeShards(const Setup &S, const clang::tooling::CompilationDatabase &DB,
                 llvm::StringRef Dir, const std::vector<std::string> &Files,
                 Results &Out, const RunOptions &Run);

} // namespace retrylint

#endif
