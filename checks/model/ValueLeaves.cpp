// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The leaves a value is built from (parameters, fields and accessors,
// literals, calls the tracer does not enter, hashed inputs): what
// ValueOrigin's trace records while its leaves() runs. The trace itself is
// in ValueOrigin.cpp.

#include "ValueLeaves.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::retry::model {

using namespace utils;

llvm::SmallVector<Leaf, 4>
LeafCollector::take(llvm::ArrayRef<Origin> PerAttempt) {
  for (const Origin &O : PerAttempt) {
    Leaf L;
    L.Kind = LeafKind::PerAttempt;
    L.Where = O.Where;
    L.Name = O.Name;
    Leaves.push_back(std::move(L));
  }
  return std::move(Leaves);
}

void LeafCollector::add(LeafKind K, const Expr *Where, const NamedDecl *D,
                        bool Hashed) {
  // A whole object hashed or serialized (`blake2b(r.serialize())`) is made
  // of its fields, when its class is written in the project.
  if (Hashed && D && (K == LeafKind::Parameter || K == LeafKind::Variable))
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      QualType T = VD->getType().getNonReferenceType();
      const RecordDecl *RD = T->getAsRecordDecl();
      if (RD && RD->getDefinition() && !RD->field_empty() &&
          !isStdLibrary(RD) &&
          !VD->getASTContext().getSourceManager().isInSystemHeader(
              RD->getLocation())) {
        for (const FieldDecl *FD : RD->getDefinition()->fields())
          add(LeafKind::Field, Where, FD, Hashed);
        return;
      }
    }
  Leaf L;
  L.Kind = K;
  L.Where = Where;
  L.Decl = D;
  if (D && D->getDeclName().isIdentifier())
    L.Name = D->getName().str();
  if (D)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D->getDeclContext());
        RD && RD->getDeclName().isIdentifier())
      L.Owner = RD->getName().str();
  if (const auto *FD = dyn_cast_or_null<FieldDecl>(D))
    if (FD->getParent()->getDeclName().isIdentifier())
      L.Owner = FD->getParent()->getName().str();
  L.Hashed = Hashed;
  Leaves.push_back(std::move(L));
}

bool isHashLike(const FunctionDecl *Callee) {
  auto Hashy = [](StringRef N) {
    std::string L = N.lower();
    StringRef S(L);
    for (StringRef W :
         {"hash", "sha1", "sha2", "sha256", "sha512", "md5", "digest", "crc",
          "fnv", "murmur", "xxh", "checksum", "blake", "hmac", "serialize",
          "tojson", "to_json", "dump",
          // A name-based UUID is a SHA-1 or MD5 of its namespace and name.
          "name_generator"})
      if (S.contains(W))
        return true;
    return false;
  };
  if (Callee->getDeclName().isIdentifier() && Hashy(Callee->getName()))
    return true;
  // std::hash<T>{}(x), absl::Hash, a hasher object's operator().
  if (const auto *M = dyn_cast<CXXMethodDecl>(Callee))
    if (M->getParent()->getDeclName().isIdentifier() &&
        Hashy(M->getParent()->getName()))
      return true;
  return false;
}

bool LeafCollector::atLeaf(
    const Expr *E, bool Hashed,
    llvm::function_ref<void(const VarDecl *, const FieldDecl *)> TraceField) {
  // `sizeof buf` is a constant of the program, like a literal.
  if (isa<StringLiteral, IntegerLiteral, FloatingLiteral, CharacterLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr>(
          E)) {
    add(LeafKind::Literal, E, nullptr, Hashed);
    return true;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (isa<EnumConstantDecl>(DRE->getDecl())) {
      add(LeafKind::Literal, E, DRE->getDecl(), Hashed);
      return true;
    }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *Member = ME->getMemberDecl();
    if (Member->getDeclName().isIdentifier() &&
        Model.isPerAttemptName(Member->getName()))
      return false;
    add(LeafKind::Field, E, Member, Hashed);
    // A local struct filled by a per-attempt source (gettimeofday(&tv)):
    // its fields carry that source too.
    if (const auto *FD = dyn_cast<FieldDecl>(Member))
      if (const VarDecl *Base = refVar(ME->getBase()))
        TraceField(Base, FD);
    return true;
  }
  // Accessors: o.amount(), req.order_id(). Standard-library accessors
  // (c_str, str, count, value) carry their object's value instead.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (!M || M->isStatic() || M->getReturnType()->isVoidType() ||
        isStdLibrary(M->getParent()) || M->getParent()->isLambda() ||
        Model.perAttemptSource(MC) || isHashLike(M) ||
        Model.isValueTransform(M))
      return false;
    if (llvm::any_of(MC->arguments(),
                     [](const Expr *A) { return !isa<CXXDefaultArgExpr>(A); }))
      return false;
    add(LeafKind::Field, E, M, Hashed);
    return true;
  }
  return false;
}

} // namespace clang::tidy::retry::model
