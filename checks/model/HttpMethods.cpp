// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The HTTP method each operation of a retry site sends when the call alone
// does not say: libcurl's options on the handle, the verb a Boost.Beast
// request was built with.

#include "RetrySite.h"

namespace clang::tidy::retry::model {

/// A method from text such as Beast's verb::delete_ or curl's
/// CURLOPT_CUSTOMREQUEST value.
static HttpMethod methodFromText(StringRef T) {
  T.consume_back("_"); // beast's verb::delete_
  return httpMethodFromName(T);
}

/// libcurl: POST unless CURLOPT_CUSTOMREQUEST names another method.
static HttpMethod curlMethod(const FunctionDecl *Fn, ASTContext &Ctx) {
  HttpMethod M = HttpMethod::Get;
  HttpMethod Custom = HttpMethod::Unknown;
  if (!Fn || !Fn->getBody())
    return HttpMethod::Unknown;
  forEachDescendant(Fn->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD || !FD->getDeclName().isIdentifier() ||
        FD->getName() != "curl_easy_setopt" || Call->getNumArgs() < 3)
      return;
    int64_t Opt = constInt(Call->getArg(1), Ctx, -1);
    if (Opt == 47 /*CURLOPT_POST*/ || Opt == 10015 /*POSTFIELDS*/ ||
        Opt == 10165 /*COPYPOSTFIELDS*/ || Opt == 30120 /*POSTFIELDSIZE_LARGE*/)
      M = HttpMethod::Post;
    else if (Opt == 10036 /*CUSTOMREQUEST*/)
      if (std::optional<StringRef> L = stringLiteralText(Call->getArg(2)))
        Custom = methodFromText(*L);
  });
  return Custom != HttpMethod::Unknown ? Custom : M;
}

/// Boost.Beast: the verb the request passed to http::write was built with.
static HttpMethod beastMethod(const CallExpr *Write, const FunctionDecl *Fn) {
  if (Write->getNumArgs() < 2 || !Fn)
    return HttpMethod::Unknown;
  const VarDecl *Req = refVarThroughUnary(Write->getArg(1));
  if (!Req)
    return HttpMethod::Unknown;
  HttpMethod M = HttpMethod::Unknown;
  auto VerbOf = [&](const Stmt *S) {
    forEachDescendant(S, [&](const Stmt *N) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
          if (StringRef(cast<EnumDecl>(EC->getDeclContext())
                            ->getQualifiedNameAsString())
                  .ends_with("http::verb"))
            M = methodFromText(EC->getName());
    });
  };
  if (Req->getInit())
    VerbOf(Req->getInit());
  forEachDescendant(Fn->getBody(), [&](const Stmt *S) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (refVarThroughUnary(MC->getImplicitObjectArgument()) == Req &&
          MC->getMethodDecl() &&
          MC->getMethodDecl()->getNameAsString() == "method")
        VerbOf(MC);
  });
  return M;
}

void RetrySiteIndex::resolveCurlMethods(RetrySite &Site) {
  for (Operation &Op : Site.Operations) {
    const CallExpr *Inner = Op.InnerCall ? Op.InnerCall : Op.Call;
    if (Op.Kind == OperationKind::Curl) {
      Op.Method = curlMethod(enclosingFunction(Inner), Ctx);
      Op.SideEffect = isSideEffectMethod(Op.Method);
    } else if (Op.Kind == OperationKind::Beast) {
      Op.Method = beastMethod(Inner, enclosingFunction(Inner));
      Op.SideEffect = isSideEffectMethod(Op.Method);
    }
  }
}

} // namespace clang::tidy::retry::model
