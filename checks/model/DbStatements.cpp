// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DbStatements.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/LiteralText.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

namespace clang::tidy::retry::model {

using namespace utils;

static std::string collapse(StringRef S) {
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (llvm::isSpace(C)) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out.push_back(' ');
    Space = false;
    Out.push_back(llvm::toUpper(C));
  }
  return Out;
}

static std::string wordAfter(StringRef S, StringRef Marker) {
  size_t P = S.find(Marker);
  if (P == StringRef::npos)
    return "";
  StringRef Rest = S.drop_front(P + Marker.size()).ltrim();
  Rest.consume_front("IF NOT EXISTS ");
  size_t End = Rest.find_first_of(" (;,");
  StringRef W = Rest.take_front(End);
  W = W.trim("\"`[]");
  return W.lower();
}

std::vector<DbStmt> parseDbStatements(StringRef Text, bool Redis) {
  std::vector<DbStmt> Out;
  if (Redis) {
    llvm::SmallVector<StringRef, 8> Tok;
    Text.split(Tok, ' ', -1, false);
    if (Tok.size() < 2)
      return Out;
    DbStmt D;
    D.Sql = collapse(Text);
    std::string Cmd = Tok[0].upper();
    D.Table = Tok[1].str();
    auto HasTok = [&](StringRef W) {
      return llvm::any_of(Tok,
                          [&](StringRef T) { return T.equals_insensitive(W); });
    };
    if (Cmd == "GET" || Cmd == "EXISTS" || Cmd == "HGET" || Cmd == "HEXISTS") {
      D.K = DbStmt::RedisGet;
    } else if (Cmd == "SET" || Cmd == "HSET" || Cmd == "SETEX" ||
               Cmd == "PSETEX") {
      D.K = DbStmt::RedisSet;
      D.Conditional = HasTok("NX");
    } else if (Cmd == "SETNX" || Cmd == "HSETNX" || Cmd == "SADD") {
      D.K = DbStmt::RedisSet;
      D.Conditional = true;
    }
    Out.push_back(std::move(D));
    return Out;
  }
  llvm::SmallVector<StringRef, 4> Parts;
  Text.split(Parts, ';', -1, false);
  for (StringRef P : Parts) {
    std::string S = collapse(P);
    if (S.empty())
      continue;
    StringRef SR(S);
    DbStmt D;
    D.Sql = S;
    if (SR.starts_with("SELECT")) {
      D.K = DbStmt::Select;
      D.Table = wordAfter(SR, " FROM ");
      D.HasWhere = SR.contains(" WHERE ");
    } else if (SR.starts_with("INSERT") || SR.starts_with("UPSERT") ||
               SR.starts_with("REPLACE")) {
      D.K = DbStmt::Insert;
      D.Table = wordAfter(SR, "INTO ");
      D.Conditional = !SR.starts_with("INSERT") || SR.contains("ON CONFLICT") ||
                      SR.starts_with("INSERT OR IGNORE") ||
                      SR.starts_with("INSERT OR REPLACE") ||
                      SR.starts_with("INSERT IGNORE") ||
                      SR.contains("ON DUPLICATE KEY") ||
                      SR.contains("WHERE NOT EXISTS");
    } else if (SR.starts_with("BEGIN") || SR.starts_with("START TRANSACTION")) {
      D.K = DbStmt::TxBegin;
      D.Serializing = SR.contains("IMMEDIATE") || SR.contains("EXCLUSIVE") ||
                      SR.contains("SERIALIZABLE");
    } else if (SR.starts_with("COMMIT") || SR.starts_with("END") ||
               SR.starts_with("ROLLBACK")) {
      D.K = DbStmt::TxEnd;
    } else if (SR.starts_with("LOCK TABLE") ||
               (SR.starts_with("SET TRANSACTION") &&
                SR.contains("SERIALIZABLE"))) {
      // Serializes the rest of the enclosing transaction.
      D.K = DbStmt::TxBegin;
      D.Serializing = true;
    } else if (SR.starts_with("DELETE")) {
      D.K = DbStmt::Delete;
      D.Table = wordAfter(SR, " FROM ");
      if (D.Table.empty())
        D.Table = wordAfter(SR, "DELETE ");
      D.HasWhere = SR.contains(" WHERE ");
    }
    Out.push_back(std::move(D));
  }
  return Out;
}

/// The database calls dbTextArg() knows, and which argument is the text.
static constexpr std::pair<llvm::StringLiteral, unsigned> DbCalls[] = {
    {"sqlite3_prepare", 1},
    {"sqlite3_prepare_v2", 1},
    {"sqlite3_prepare_v3", 1},
    {"sqlite3_exec", 1},
    {"PQexec", 1},
    {"PQexecParams", 1},
    {"PQsendQuery", 1},
    {"PQsendQueryParams", 1},
    {"PQprepare", 2},
    {"mysql_query", 1},
    {"mysql_real_query", 1},
    {"mysql_send_query", 1},
    {"redisCommand", 1},
    {"redisAsyncCommand", 3}};

std::optional<unsigned> dbTextArg(StringRef Callee) {
  for (const auto &[Name, Arg] : DbCalls)
    if (Callee == Name)
      return Arg;
  return std::nullopt;
}

// The client libraries' prefixes: every hiredis function starts with
// "redis", every libpq one with "PQ".
bool isRedisCall(StringRef Callee) { return Callee.starts_with("redis"); }

bool isPostgresCall(StringRef Callee) { return Callee.starts_with("PQ"); }

bool passesToDatabase(StringRef Callee) {
  return Callee.starts_with("sqlite3_bind") || isPostgresCall(Callee) ||
         isRedisCall(Callee);
}

bool mayCallDatabase(const ASTContext &Ctx) {
  if (!identifierTableComplete(Ctx))
    return true;
  return llvm::any_of(DbCalls, [&](const auto &Call) {
    return Ctx.Idents.find(Call.first) != Ctx.Idents.end();
  });
}

/// The snprintf/sprintf that last filled the local buffer \p Buf before
/// \p Use (a buffer reused for several statements holds the latest one);
/// null when another call wrote it last.
static const CallExpr *bufferWriter(const VarDecl *Buf, const Expr *Use) {
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(Buf->getDeclContext());
  if (!Fn || !Fn->getBody())
    return nullptr;
  const SourceManager &SM = Fn->getASTContext().getSourceManager();
  const CallExpr *Last = nullptr;
  forEachDescendant(Fn->getBody(), [&](const Stmt *N) {
    const auto *C = dyn_cast<CallExpr>(N);
    if (!C || C->getNumArgs() == 0 || refVar(C->getArg(0)) != Buf ||
        !SM.isBeforeInTranslationUnit(C->getBeginLoc(), Use->getBeginLoc()))
      return;
    if (!Last ||
        SM.isBeforeInTranslationUnit(Last->getBeginLoc(), C->getBeginLoc()))
      Last = C;
  });
  if (!Last)
    return nullptr;
  StringRef Name = calleeName(Last);
  return Name == "snprintf" || Name == "sprintf" ? Last : nullptr;
}

std::optional<std::string> dbText(const Expr *E, const CallExpr *Via,
                                  bool *UsedVia) {
  if (std::optional<StringRef> T = literalText(E))
    return T->str();
  const VarDecl *Buf = refVar(E);
  if (!Buf || !Buf->hasLocalStorage() || !Buf->getType()->isArrayType())
    return std::nullopt;
  const CallExpr *Writer = bufferWriter(Buf, E);
  if (!Writer)
    return std::nullopt;
  unsigned FmtIdx = calleeName(Writer) == "snprintf" ? 2 : 1;
  if (FmtIdx >= Writer->getNumArgs())
    return std::nullopt;
  std::optional<StringRef> Fmt = literalText(Writer->getArg(FmtIdx));
  if (!Fmt)
    return std::nullopt;
  const auto *Fn = cast<FunctionDecl>(Buf->getDeclContext());
  const ASTContext &Ctx = Fn->getASTContext();
  auto ValueOf = [&](const Expr *A) -> std::optional<std::string> {
    if (std::optional<StringRef> T = literalText(A))
      return T->str();
    Expr::EvalResult R;
    if (!A->isValueDependent() && A->EvaluateAsInt(R, Ctx))
      return std::to_string(R.Val.getInt().getSExtValue());
    return std::nullopt;
  };
  const FunctionDecl *ViaFn = Via ? calleeDecl(Via) : nullptr;
  bool ViaIsFn = ViaFn && ViaFn->getCanonicalDecl() == Fn->getCanonicalDecl();
  std::string Out;
  unsigned ArgI = FmtIdx + 1;
  StringRef F = *Fmt;
  for (size_t I = 0; I < F.size(); ++I) {
    if (F[I] != '%') {
      Out.push_back(F[I]);
      continue;
    }
    if (I + 1 < F.size() && F[I + 1] == '%') {
      Out.push_back('%');
      ++I;
      continue;
    }
    size_t J = I + 1;
    while (J < F.size() && StringRef("-+ #0123456789.hlLqjzt").contains(F[J]))
      ++J;
    // A width or precision taken from an argument shifts the arguments.
    if (J >= F.size() || F[J] == '*')
      return std::nullopt;
    I = J;
    const Expr *A =
        ArgI < Writer->getNumArgs() ? Writer->getArg(ArgI++) : nullptr;
    std::optional<std::string> V = A ? ValueOf(A) : std::nullopt;
    if (!V && A && ViaIsFn)
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(refVar(A)))
        if (const Expr *Passed = argForParam(Via, P))
          if ((V = ValueOf(Passed)) && UsedVia)
            *UsedVia = true;
    Out += V ? *V : "?";
  }
  return Out;
}

/// Appends the statements \p Call hands a database call as text.
static void addDbStatements(const CallExpr *Call, std::vector<DbStmt> &Out) {
  StringRef N = calleeName(Call);
  std::optional<unsigned> Arg = dbTextArg(N);
  if (!Arg || *Arg >= Call->getNumArgs())
    return;
  std::optional<std::string> Text = dbText(Call->getArg(*Arg));
  if (!Text)
    return;
  bool Redis = isRedisCall(N);
  for (DbStmt D : parseDbStatements(*Text, Redis)) {
    D.Call = Call;
    D.Text = Call->getArg(*Arg);
    D.Postgres = isPostgresCall(N);
    Out.push_back(std::move(D));
  }
}

std::vector<DbStmt> dbStatementsIn(const Stmt *Body) {
  std::vector<DbStmt> Out;
  forEachInFunction(Body, [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      addDbStatements(Call, Out);
  });
  return Out;
}

std::vector<DbStmt> dbStatementsThrough(const Stmt *Body, DbStmtMemo &Memo) {
  // One walk: the body's own statements first, then those of the callees
  // in call order, as the two walks this replaces gave them.
  std::vector<DbStmt> Out, Via;
  forEachInFunction(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return;
    addDbStatements(Call, Out);
    const FunctionDecl *FD = calleeDecl(Call);
    if (!FD)
      return;
    // Each callee's body is read once per translation unit: C functions
    // call the same helpers from everywhere.
    auto [It, New] = Memo.try_emplace(FD);
    if (New) {
      const FunctionDecl *Def = nullptr;
      if (FD->hasBody(Def) && Def && !isStdLibrary(Def) &&
          !Def->getASTContext().getSourceManager().isInSystemHeader(
              Def->getLocation()))
        It->second = dbStatementsIn(Def->getBody());
    }
    if (It->second)
      for (DbStmt D : *It->second) {
        D.Via = Call;
        Via.push_back(std::move(D));
      }
  });
  llvm::append_range(Out, std::move(Via));
  return Out;
}

/// "-10 minutes" (SQLite datetime modifiers), "INTERVAL '10 minutes'"
/// (PostgreSQL), "INTERVAL 10 MINUTE" (MySQL), in uppercased SQL.
std::optional<double> sqlAgeSeconds(StringRef Sql) {
  llvm::Regex Re("(INTERVAL '?|'-)([0-9]+) ?(SECOND|MINUTE|HOUR|DAY)S?");
  llvm::SmallVector<StringRef, 6> M;
  // Epoch arithmetic: now in seconds, minus the window in seconds.
  llvm::Regex Epoch("(STRFTIME\\('%S', ?'NOW'\\)( AS INTEGER\\))?|"
                    "UNIXEPOCH\\(('NOW')?\\)|UNIX_TIMESTAMP\\(\\)|"
                    "EPOCH FROM (NOW\\(\\)|CURRENT_TIMESTAMP)\\)) ?- ?"
                    "([0-9]+) ?([^0-9.*/ ]|$)");
  if (Epoch.match(Sql, &M)) {
    double N;
    if (M[5].getAsDouble(N))
      return std::nullopt;
    return N;
  }
  if (!Re.match(Sql, &M))
    return std::nullopt;
  double N;
  if (M[2].getAsDouble(N))
    return std::nullopt;
  double U = llvm::StringSwitch<double>(M[3])
                 .Case("SECOND", 1)
                 .Case("MINUTE", 60)
                 .Case("HOUR", 3600)
                 .Default(86400);
  return N * U;
}

/// Redis expiry: SET k v EX n / PX n, SETEX k n v, EXPIRE k n, PEXPIRE k n.
std::optional<double> redisTtlSeconds(StringRef Cmd) {
  llvm::SmallVector<StringRef, 8> Tok;
  Cmd.split(Tok, ' ', -1, false);
  if (Tok.size() < 3)
    return std::nullopt;
  auto Num = [](StringRef S) -> std::optional<double> {
    double V;
    if (S.getAsDouble(V))
      return std::nullopt;
    return V;
  };
  std::string C = Tok[0].upper();
  if (C == "SETEX" || C == "EXPIRE")
    return Num(Tok[2]);
  if (C == "PSETEX" || C == "PEXPIRE") {
    if (auto V = Num(Tok[2]))
      return *V / 1000;
    return std::nullopt;
  }
  if (C == "SET")
    for (size_t I = 3; I + 1 < Tok.size(); ++I) {
      if (Tok[I].equals_insensitive("EX"))
        return Num(Tok[I + 1]);
      if (Tok[I].equals_insensitive("PX"))
        if (auto V = Num(Tok[I + 1]))
          return *V / 1000;
    }
  return std::nullopt;
}

} // namespace clang::tidy::retry::model
