// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DbStatements.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/LiteralText.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

namespace clang::tidy::retry::model {

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

std::vector<DbStmt> dbStatementsIn(const Stmt *Body) {
  std::vector<DbStmt> Out;
  forEachInFunction(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return;
    StringRef N = calleeName(Call);
    int Arg = llvm::StringSwitch<int>(N)
                  .Cases({"sqlite3_prepare", "sqlite3_prepare_v2",
                          "sqlite3_prepare_v3", "sqlite3_exec"},
                         1)
                  .Cases({"PQexec", "PQexecParams", "PQsendQuery",
                          "PQsendQueryParams"},
                         1)
                  .Case("PQprepare", 2)
                  .Case("redisCommand", 1)
                  .Case("redisAsyncCommand", 3)
                  .Default(-1);
    if (Arg < 0 || static_cast<unsigned>(Arg) >= Call->getNumArgs())
      return;
    std::optional<StringRef> Text = literalText(Call->getArg(Arg));
    if (!Text)
      return;
    bool Redis = N.starts_with("redis");
    for (DbStmt D : parseDbStatements(*Text, Redis)) {
      D.Call = Call;
      D.Text = Call->getArg(Arg);
      D.Postgres = N.starts_with("PQ");
      Out.push_back(std::move(D));
    }
  });
  return Out;
}

std::vector<DbStmt> dbStatementsThrough(const Stmt *Body) {
  std::vector<DbStmt> Out = dbStatementsIn(Body);
  forEachInFunction(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = Call ? calleeDecl(Call) : nullptr;
    const FunctionDecl *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Def || isStdLibrary(Def) ||
        Def->getASTContext().getSourceManager().isInSystemHeader(
            Def->getLocation()))
      return;
    for (DbStmt D : dbStatementsIn(Def->getBody())) {
      D.Via = Call;
      Out.push_back(std::move(D));
    }
  });
  return Out;
}

/// "-10 minutes" (SQLite datetime modifiers), "INTERVAL '10 minutes'"
/// (PostgreSQL), "INTERVAL 10 MINUTE" (MySQL), in uppercased SQL.
std::optional<double> sqlAgeSeconds(StringRef Sql) {
  llvm::Regex Re("(INTERVAL '?|'-)([0-9]+) ?(SECOND|MINUTE|HOUR|DAY)S?");
  llvm::SmallVector<StringRef, 4> M;
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
