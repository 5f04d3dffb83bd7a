// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The HTTP method each operation of a retry site sends when the call alone
// does not say: libcurl's options on the handle, the verb a Boost.Beast
// request was built with.

#include "HttpMethods.h"
#include "RetrySiteIndex.h"

namespace clang::tidy::retry::model {

using namespace utils;

/// A method from text such as Beast's verb::delete_ or curl's
/// CURLOPT_CUSTOMREQUEST value.
static HttpMethod methodFromText(StringRef T) {
  T.consume_back("_"); // beast's verb::delete_
  return httpMethodFromName(T);
}

/// The methods the curl options set in \p Body choose, on handle \p Handle
/// (any handle when null): CURLOPT_POST and the POST fields say POST unless
/// a CURLOPT_CUSTOMREQUEST names another; CURLOPT_HTTPGET says GET.
static void curlOptions(const Stmt *Body, const ValueDecl *Handle,
                        ASTContext &Ctx,
                        llvm::SmallVectorImpl<HttpMethod> &Methods) {
  HttpMethod M = HttpMethod::Unknown, Custom = HttpMethod::Unknown;
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD || !FD->getDeclName().isIdentifier() ||
        FD->getName() != "curl_easy_setopt" || Call->getNumArgs() < 3 ||
        (Handle && refDecl(Call->getArg(0)) != Handle))
      return;
    int64_t Opt = constInt(Call->getArg(1), Ctx, -1);
    if (Opt == 47 /*CURLOPT_POST*/ || Opt == 10015 /*POSTFIELDS*/ ||
        Opt == 10165 /*COPYPOSTFIELDS*/ || Opt == 30120 /*POSTFIELDSIZE_LARGE*/)
      M = HttpMethod::Post;
    else if (Opt == 80 /*CURLOPT_HTTPGET*/)
      Methods.push_back(HttpMethod::Get);
    else if (Opt == 10036 /*CUSTOMREQUEST*/)
      if (std::optional<StringRef> L = stringLiteralText(Call->getArg(2)))
        Custom = methodFromText(*L);
  });
  // A verb the model does not know (MERGE) with a body is still a POST.
  if (Custom != HttpMethod::Unknown)
    Methods.push_back(Custom);
  else if (M != HttpMethod::Unknown)
    Methods.push_back(M);
}

/// The method \p E names: an enumerator of a method or verb enum
/// (`.method = method_t::POST`), also in the initializer of a local it
/// reads, or in the argument \p Caller passes for a parameter it reads
/// (`.method = params.method` inside the function \p Caller calls).
static HttpMethod methodNamedIn(const Expr *E, const CallExpr *Caller,
                                unsigned Depth = 0) {
  HttpMethod M = HttpMethod::Unknown;
  if (!E || Depth > 3)
    return M;
  const FunctionDecl *Callee = Caller ? calleeDecl(Caller) : nullptr;
  forEachDescendant(E, [&](const Stmt *N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N);
    if (!DRE || M != HttpMethod::Unknown)
      return;
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      std::string Enum =
          StringRef(cast<EnumDecl>(EC->getDeclContext())->getName()).lower();
      if (StringRef(Enum).contains("method") ||
          StringRef(Enum).contains("verb"))
        M = methodFromText(EC->getName());
    } else if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      if (Callee && P->getDeclContext() == Callee->getDefinition())
        M = methodNamedIn(argForParam(Caller, P), nullptr, Depth + 1);
    } else if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
               V && V->hasLocalStorage() && V->getInit() &&
               !containsStmt(V->getInit(), DRE)) {
      M = methodNamedIn(V->getInit(), Caller, Depth + 1);
    }
  });
  return M;
}

/// The method named where the object that performs the transfer was built:
/// the object of the call of \p PerformFn (the member holding
/// curl_easy_perform) at the retry site, or inside the function the site
/// calls (`post(params)` building a client and calling its request()).
static HttpMethod namedMethod(const Operation &Op,
                              const FunctionDecl *PerformFn) {
  auto PerformCall = [&](const Stmt *S) {
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(S);
    return MC && MC->getMethodDecl() &&
                   MC->getMethodDecl()->getCanonicalDecl() ==
                       PerformFn->getCanonicalDecl()
               ? MC
               : nullptr;
  };
  const CXXMemberCallExpr *MC = PerformCall(Op.Call);
  const FunctionDecl *Def = nullptr;
  if (const FunctionDecl *Callee = calleeDecl(Op.Call);
      !MC && Callee && Callee->hasBody(Def) && Def)
    forEachDescendant(Def->getBody(),
                      [&](const Stmt *N) { MC = MC ? MC : PerformCall(N); });
  return MC ? methodNamedIn(MC->getImplicitObjectArgument(), Op.Call)
            : HttpMethod::Unknown;
}

/// libcurl: the method the options on the performed handle choose, GET when
/// none does. A handle held in a member is configured across its class;
/// when the class chooses among several methods (a switch over a method
/// field), the one named where the request object was built, else Unknown.
static HttpMethod curlMethod(const Operation &Op, const CallExpr *Perform,
                             const FunctionDecl *Fn, ASTContext &Ctx) {
  if (!Fn || !Fn->getBody())
    return HttpMethod::Unknown;
  llvm::SmallVector<HttpMethod, 4> Methods;
  const auto *Field = dyn_cast_or_null<FieldDecl>(
      Perform->getNumArgs() ? refDecl(Perform->getArg(0)) : nullptr);
  const auto *Class =
      Field ? dyn_cast<CXXRecordDecl>(Field->getParent()) : nullptr;
  if (!Class) {
    curlOptions(Fn->getBody(), nullptr, Ctx, Methods);
    return Methods.empty() ? HttpMethod::Get : Methods.back();
  }
  for (const CXXMethodDecl *M : Class->methods())
    if (const FunctionDecl *Def = nullptr; M->hasBody(Def) && Def)
      curlOptions(Def->getBody(), Field, Ctx, Methods);
  for (const CXXConstructorDecl *C : Class->ctors())
    if (const FunctionDecl *Def = nullptr; C->hasBody(Def) && Def)
      curlOptions(Def->getBody(), Field, Ctx, Methods);
  if (Methods.empty())
    return HttpMethod::Get;
  if (llvm::all_equal(Methods))
    return Methods.front();
  return Op.Call ? namedMethod(Op, Fn) : HttpMethod::Unknown;
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

void resolveHttpMethods(RetrySiteIndex &Index, RetrySite &Site) {
  ASTContext &Ctx = Index.context();
  for (Operation &Op : Site.Operations) {
    const CallExpr *Inner = Op.InnerCall ? Op.InnerCall : Op.Call;
    if (Op.Kind == OperationKind::Curl) {
      Op.Method = curlMethod(Op, Inner, Index.enclosingFunction(Inner), Ctx);
      Op.SideEffect = isSideEffectMethod(Op.Method);
    } else if (Op.Kind == OperationKind::Beast) {
      Op.Method = beastMethod(Inner, Index.enclosingFunction(Inner));
      Op.SideEffect = isSideEffectMethod(Op.Method);
    }
  }
}

} // namespace clang::tidy::retry::model
