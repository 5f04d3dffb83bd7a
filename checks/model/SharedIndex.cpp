// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "SharedIndex.h"
#include "utils/PerUnit.h"
#include <mutex>
#include <vector>

namespace clang::tidy::retry::model {

using namespace utils;

namespace {

/// The index with the model it reads, which it keeps alive.
struct Shared {
  Shared(const ApiOptions &Opts, ASTContext &Ctx,
         std::shared_ptr<const AnalysedFiles> Files)
      : Options(Opts), Model(sharedApiModel(Opts)),
        Index(*Model, Ctx, std::move(Files)) {}
  ApiOptions Options;
  std::shared_ptr<const ApiModel> Model;
  RetrySiteIndex Index;
};

} // namespace

std::shared_ptr<const ApiModel> sharedApiModel(const ApiOptions &Opts) {
  static std::mutex Mu;
  static std::vector<std::pair<ApiOptions, std::shared_ptr<const ApiModel>>>
      Models;
  std::lock_guard<std::mutex> Lock(Mu);
  for (const auto &[O, M] : Models)
    if (O == Opts)
      return M;
  // Options rarely vary within a run; a few sets at most are kept.
  if (Models.size() >= 8)
    Models.erase(Models.begin());
  Models.emplace_back(Opts, std::make_shared<const ApiModel>(Opts));
  return Models.back().second;
}

std::shared_ptr<RetrySiteIndex>
sharedSiteIndex(const ApiOptions &Opts, ASTContext &Ctx,
                const std::shared_ptr<const AnalysedFiles> &Files) {
  static PerUnit<Shared> Indexes;
  std::shared_ptr<Shared> S = Indexes.get(
      Ctx, [&](const Shared &S) { return S.Options == Opts; },
      [&] { return std::make_shared<Shared>(Opts, Ctx, Files); });
  return {S, &S->Index};
}

} // namespace clang::tidy::retry::model
