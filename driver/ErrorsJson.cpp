// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ErrorsJson.h"

using clang::tidy::ClangTidyError;
namespace json = llvm::json;

namespace retrylint {

static json::Object messageToJson(const clang::tooling::DiagnosticMessage &M) {
  // The fix-its travel with the message, for --fix and --export-fixes on
  // replayed results.
  json::Array Fix;
  for (const auto &[File, Replacements] : M.Fix)
    for (const clang::tooling::Replacement &R : Replacements)
      Fix.push_back(
          json::Object{{"file", R.getFilePath()},
                       {"offset", static_cast<int64_t>(R.getOffset())},
                       {"length", static_cast<int64_t>(R.getLength())},
                       {"text", R.getReplacementText()}});
  json::Array Ranges;
  for (const clang::tooling::FileByteRange &R : M.Ranges)
    Ranges.push_back(
        json::Object{{"file", R.FilePath},
                     {"offset", static_cast<int64_t>(R.FileOffset)},
                     {"length", static_cast<int64_t>(R.Length)}});
  return json::Object{{"message", M.Message},
                      {"file", M.FilePath},
                      {"offset", static_cast<int64_t>(M.FileOffset)},
                      {"fix", std::move(Fix)},
                      {"ranges", std::move(Ranges)}};
}

static bool fixFromJson(const json::Array *Fix,
                        clang::tooling::DiagnosticMessage &M) {
  if (!Fix)
    return false;
  for (const json::Value &V : *Fix) {
    const json::Object *O = V.getAsObject();
    auto File = O ? O->getString("file") : std::nullopt;
    auto Offset = O ? O->getInteger("offset") : std::nullopt;
    auto Length = O ? O->getInteger("length") : std::nullopt;
    auto Text = O ? O->getString("text") : std::nullopt;
    if (!File || !Offset || !Length || !Text || *Offset < 0 || *Length < 0)
      return false;
    clang::tooling::Replacement R(*File, static_cast<unsigned>(*Offset),
                                  static_cast<unsigned>(*Length), *Text);
    if (llvm::Error E = M.Fix[R.getFilePath()].add(R)) {
      llvm::consumeError(std::move(E));
      return false;
    }
  }
  return true;
}

static bool rangesFromJson(const json::Array *Ranges,
                           clang::tooling::DiagnosticMessage &M) {
  if (!Ranges)
    return false;
  for (const json::Value &V : *Ranges) {
    const json::Object *O = V.getAsObject();
    auto File = O ? O->getString("file") : std::nullopt;
    auto Offset = O ? O->getInteger("offset") : std::nullopt;
    auto Length = O ? O->getInteger("length") : std::nullopt;
    if (!File || !Offset || !Length || *Offset < 0 || *Length < 0)
      return false;
    clang::tooling::FileByteRange R;
    R.FilePath = File->str();
    R.FileOffset = static_cast<unsigned>(*Offset);
    R.Length = static_cast<unsigned>(*Length);
    M.Ranges.push_back(std::move(R));
  }
  return true;
}

static bool messageFromJson(const json::Value *V,
                            clang::tooling::DiagnosticMessage &M) {
  const json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return false;
  auto Msg = O->getString("message");
  auto File = O->getString("file");
  auto Offset = O->getInteger("offset");
  if (!Msg || !File || !Offset || *Offset < 0 ||
      !fixFromJson(O->getArray("fix"), M) ||
      !rangesFromJson(O->getArray("ranges"), M))
    return false;
  M.Message = Msg->str();
  M.FilePath = File->str();
  M.FileOffset = static_cast<unsigned>(*Offset);
  return true;
}

json::Array errorsToJson(const std::vector<ClangTidyError> &R) {
  json::Array Out;
  for (const ClangTidyError &E : R) {
    json::Array Notes;
    for (const auto &N : E.Notes)
      Notes.push_back(messageToJson(N));
    Out.push_back(json::Object{{"check", E.DiagnosticName},
                               {"level", static_cast<int64_t>(E.DiagLevel)},
                               {"as_error", E.IsWarningAsError},
                               {"build_dir", E.BuildDirectory},
                               {"message", messageToJson(E.Message)},
                               {"notes", std::move(Notes)}});
  }
  return Out;
}

bool errorsFromJson(const json::Value &V, std::vector<ClangTidyError> &Out,
                    std::string &Err) {
  const json::Array *A = V.getAsArray();
  if (!A) {
    Err = "the result is not a list";
    return false;
  }
  Out.clear();
  for (const json::Value &EV : *A) {
    const json::Object *O = EV.getAsObject();
    auto Check = O ? O->getString("check") : std::nullopt;
    auto Level = O ? O->getInteger("level") : std::nullopt;
    auto AsError = O ? O->getBoolean("as_error") : std::nullopt;
    auto BuildDir = O ? O->getString("build_dir") : std::nullopt;
    const json::Array *Notes = O ? O->getArray("notes") : nullptr;
    if (!Check || !Level || !AsError || !BuildDir || !Notes ||
        (*Level != ClangTidyError::Remark &&
         *Level != ClangTidyError::Warning &&
         *Level != ClangTidyError::Error)) {
      Err = "a diagnostic lacks its check, level or notes";
      return false;
    }
    ClangTidyError E(*Check, static_cast<ClangTidyError::Level>(*Level),
                     *BuildDir, *AsError);
    if (!messageFromJson(O->get("message"), E.Message)) {
      Err = "a diagnostic has no message";
      return false;
    }
    for (const json::Value &NV : *Notes) {
      clang::tooling::DiagnosticMessage N;
      if (!messageFromJson(&NV, N)) {
        Err = "a note is malformed";
        return false;
      }
      E.Notes.push_back(std::move(N));
    }
    Out.push_back(std::move(E));
  }
  return true;
}

} // namespace retrylint
