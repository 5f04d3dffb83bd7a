// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Traces an expression back to the values it is built from: through local
// variables (initializers, assignments, out-parameters), string building and
// formatting, struct fields set in the same function, lambda captures and
// same-TU helper functions (bounded depth). What cannot be traced yields no
// origin, so checks stay silent on unknown code.

#ifndef RETRYLINT_CHECKS_MODEL_VALUEORIGIN_H
#define RETRYLINT_CHECKS_MODEL_VALUEORIGIN_H

#include "ApiModel.h"
#include "RetrySite.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::retry::model {

/// One per-attempt value that flows into the traced expression.
struct Origin {
  SourceKind Kind = SourceKind::RandomUuid;
  /// The source expression itself (possibly inside a helper function).
  const Expr *Where = nullptr;
  /// Where the source is evaluated from the traced function's point of view:
  /// the source itself, or the call to the helper that evaluates it.
  const Stmt *Anchor = nullptr;
  /// The name of the source function or variable.
  std::string Name;
  /// For AttemptCounter: the counter variable.
  const VarDecl *Counter = nullptr;

  /// "a random UUID from 'uuid_generate_random'".
  std::string describe() const;
};

/// What a traced value is built from where the tracer stops: the pieces a
/// key is made of (for content-derived keys: amount and body vs order id).
enum class LeafKind {
  Parameter,  ///< a parameter of the traced function
  Field,      ///< a field or a no-argument accessor: o.amount, req.order_id()
  Variable,   ///< a global, a static, or a local with no traceable value
  Call,       ///< the result of a call the tracer does not enter
  Literal,    ///< a string, number, bool or enumerator
  PerAttempt, ///< a per-attempt source (as perAttemptOrigins finds them)
  Unknown,    ///< an expression the tracer does not understand, or the
              ///< trace was cut short by its depth or budget
};

struct Leaf {
  LeafKind Kind = LeafKind::Unknown;
  const Expr *Where = nullptr;
  /// The parameter, field, accessor, variable or callee.
  const NamedDecl *Decl = nullptr;
  std::string Name;
  /// For fields and accessors: the name of the class they belong to.
  std::string Owner;
  /// Reached through a hash, digest or serialization call.
  bool Hashed = false;
};

class LeafCollector;

class ValueOrigin {
public:
  explicit ValueOrigin(const ApiModel &Model) : Model(Model) {}

  /// Per-attempt origins of \p E, evaluated in function \p Fn.
  llvm::SmallVector<Origin, 2> perAttemptOrigins(const Expr *E,
                                                 const FunctionDecl *Fn);

  /// The leaves \p E (evaluated in \p Fn) is built from, following the same
  /// paths as perAttemptOrigins and, in addition, into the arguments of
  /// hash, digest and serialization calls. Field accesses and no-argument
  /// accessors are leaves rather than traced further, so their names stay
  /// visible. They are recorded by a LeafCollector (ValueLeaves.h).
  llvm::SmallVector<Leaf, 4> leaves(const Expr *E, const FunctionDecl *Fn);

private:
  struct Frame {
    const FunctionDecl *Fn = nullptr;
    const Stmt *AnchorOverride = nullptr;
    const CallExpr *Call = nullptr; ///< the call that entered Fn
    const Frame *Caller = nullptr;
  };
  void trace(const Expr *E, const Frame &F, unsigned Depth);
  void traceVar(const VarDecl *V, const Expr *Use, const Frame &F,
                unsigned Depth);
  /// traceVar()'s steps. A parameter of a helper descended into: its
  /// argument at the call site.
  void traceParam(const ParmVarDecl *P, const Expr *Use, const Frame &F,
                  unsigned Depth);
  /// What the function \p Scope stores into local \p V: assignments,
  /// stream and append operators, setters, out-parameters.
  void traceStores(const VarDecl *V, const FunctionDecl *Scope, const Frame &F,
                   unsigned Depth);
  void traceOperatorStore(const CXXOperatorCallExpr *OC, const VarDecl *V,
                          const Stmt *Body, const Frame &F, unsigned Depth);
  void traceMemberStore(const CXXMemberCallExpr *MC, const VarDecl *V,
                        const Frame &F, unsigned Depth);
  /// \p Call handed \p V to fill (`uuid_generate(u)`, `gen(&key)`).
  void traceOutArguments(const CallExpr *Call, const VarDecl *V, const Frame &F,
                         unsigned Depth);
  /// What the same-file helper \p Def, called by \p Call, writes into its
  /// parameter \p I with buffer writers.
  void traceFilledBuffer(const CallExpr *Call, const FunctionDecl *Def,
                         unsigned I, const Frame &F, unsigned Depth);
  void traceParamField(const VarDecl *Base, const FieldDecl *Field,
                       const Frame &F, unsigned Depth);
  void traceField(const VarDecl *Base, const FieldDecl *Field, const Frame &F,
                  unsigned Depth);
  void traceCall(const CallExpr *Call, const Frame &F, unsigned Depth);
  /// traceCall()'s last step: a same-TU helper \p Callee is traced through
  /// what it returns, its parameters bound to \p Call's arguments. A callee
  /// with no body here, or the standard library's, is a leaf; one being
  /// traced already adds nothing.
  void traceHelper(const CallExpr *Call, const FunctionDecl *Callee,
                   const Frame &F, unsigned Depth);
  void add(SourceKind K, const Expr *Where, const Frame &F, std::string Name,
           const VarDecl *Counter = nullptr);

  /// Where the leaves are recorded, while leaves() runs; null otherwise.
  LeafCollector *Collector = nullptr;
  /// How many hash, digest or serialization calls (or hashing buffer
  /// writers) the trace is inside.
  unsigned HashDepth = 0;

  const ApiModel &Model;
  llvm::SmallVector<Origin, 2> Result;
  llvm::SmallPtrSet<const Decl *, 16> Visiting;
  unsigned Budget = 0;
};

} // namespace clang::tidy::retry::model

#endif
