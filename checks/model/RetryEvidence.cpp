// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Retry evidence (RetryEvidence.h). Words are read from the raw source, not
// from the AST, so that comments, macro names and labels count as an
// engineer reading the code would count them.

#include "RetryEvidence.h"
#include "RetrySite.h"
#include "WaitNames.h"
#include "utils/AssignedVars.h"
#include "utils/AstQueries.h"
#include "utils/AstWalk.h"
#include "utils/IdentifierWords.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::retry::model {

using namespace utils;

bool isRetryWord(StringRef W, StringRef Next) {
  if (W.contains("retry") || (W.contains("retri") && !W.contains("retriev")) ||
      W.contains("attempt") || W.contains("backoff") || W.contains("reconnect"))
    return true;
  if (W == "tries" || W == "again" || W == "ntries" || W == "maxtries")
    return true;
  if (W == "back" && Next == "off")
    return true;
  // try_count, max_try, ntry: "try" alone is the keyword.
  if (W == "try")
    return llvm::is_contained({"count", "cnt", "num", "no", "number", "times",
                               "limit", "max", "left", "again"},
                              Next);
  return llvm::is_contained({"max", "n", "num"}, W) && Next == "try";
}

/// Is the word at \p I of prose \p Words used in another sense than
/// retrying: "again and again" (a repetition, "iterate again and again";
/// "dial again" says retry), or "attempt" as a verb ("attempt to",
/// "attempt calling"; "each attempt" says retry)?
static bool otherSense(llvm::ArrayRef<std::string> Words, size_t I) {
  auto Is = [&](size_t J, StringRef W) {
    return J < Words.size() && Words[J] == W;
  };
  if (Words[I] == "again")
    return (Is(I + 1, "and") && Is(I + 2, "again")) ||
           (I >= 2 && Is(I - 1, "and") && Is(I - 2, "again"));
  if (Words[I] == "attempt" && I + 1 < Words.size())
    return Words[I + 1] == "to" || StringRef(Words[I + 1]).ends_with("ing");
  return false;
}

/// The first retry word of \p Text (a name, or \p Prose: a comment or a
/// message, split into words).
static std::optional<std::string> retryWordIn(StringRef Text,
                                              bool Prose = false) {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Text);
  for (size_t I = 0; I < Words.size(); ++I) {
    // An error code's "again" (`GNUTLS_E_AGAIN`, `EAI_AGAIN`) names what
    // a library returned, not what the code means to do.
    if (Words[I] == "again" && I > 0 &&
        llvm::is_contained({"e", "eai", "err", "error"}, Words[I - 1]))
      continue;
    if (Prose && otherSense(Words, I))
      continue;
    if (isRetryWord(Words[I], I + 1 < Words.size() ? Words[I + 1] : ""))
      return Words[I];
  }
  return std::nullopt;
}

/// A retry word among the tokens and comments of \p R, from two lines
/// before its beginning (not before \p Floor, the function's own start) to
/// its end, as written (macros unexpanded).
static RetryEvidence wordsIn(SourceRange R, SourceLocation Floor,
                             const Stmt *Region, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // A macro that expands into a loop of its own (`RETRY_ON_EINTR(ret,
  // poll(...))`) names that loop, not the one around it.
  llvm::SmallPtrSet<const void *, 2> LoopMacros;
  forEachDescendant(Region, [&](const Stmt *N) {
    if (N != Region && isa<ForStmt, WhileStmt, DoStmt>(N) &&
        N->getBeginLoc().isMacroID())
      LoopMacros.insert(SM.getExpansionLoc(N->getBeginLoc()).getPtrEncoding());
  });
  SourceLocation B = SM.getExpansionLoc(R.getBegin());
  SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
  FileID F = SM.getFileID(B);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(F, &Invalid);
  if (Invalid || F != SM.getFileID(E))
    return {};
  unsigned Line = SM.getLineNumber(F, SM.getFileOffset(B));
  SourceLocation Start = SM.translateLineCol(F, Line > 2 ? Line - 2 : 1, 1);
  Floor = Floor.isValid() ? SM.getExpansionLoc(Floor) : Floor;
  if (Floor.isValid() && SM.getFileID(Floor) == F &&
      SM.getFileOffset(Floor) > SM.getFileOffset(Start))
    Start = Floor;
  unsigned EndOff = SM.getFileOffset(E);
  Lexer L(SM.getLocForStartOfFile(F), Ctx.getLangOpts(), Buf.begin(),
          Buf.begin() + SM.getFileOffset(Start), Buf.end());
  L.SetCommentRetentionState(true);
  Token T;
  for (bool Eof = false; !Eof;) {
    Eof = L.LexFromRawLexer(T);
    unsigned Off = SM.getFileOffset(T.getLocation());
    if (Off > EndOff)
      break;
    bool Name = T.is(tok::raw_identifier);
    if ((!Name && !T.is(tok::comment) && !tok::isStringLiteral(T.getKind())) ||
        (Name && LoopMacros.count(T.getLocation().getPtrEncoding())))
      continue;
    StringRef Text = Buf.substr(Off, T.getLength());
    if (std::optional<std::string> W = retryWordIn(Text, !Name)) {
      RetryEvidence Ev;
      Ev.K = RetryEvidence::Kind::Word;
      Ev.Where = T.getLocation();
      Ev.What = (Name                 ? "name '" + Text.str() + "'"
                 : T.is(tok::comment) ? "comment saying '" + *W + "'"
                                      : "message saying '" + *W + "'");
      return Ev;
    }
  }
  return {};
}

/// The comment lines right above \p Fn (a `//` block or a `/* */` one).
static StringRef commentAbove(const FunctionDecl *Fn, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(Fn->getBeginLoc());
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
  if (Invalid)
    return "";
  size_t End = Buf.rfind('\n', SM.getFileOffset(B));
  if (End == StringRef::npos)
    return "";
  size_t Start = End;
  while (Start > 0) {
    size_t Prev = Buf.rfind('\n', Start - 1);
    size_t From = Prev == StringRef::npos ? 0 : Prev + 1;
    StringRef Line = Buf.slice(From, Start).trim();
    if (!Line.starts_with("//") && !Line.starts_with("/*") &&
        !Line.starts_with("*"))
      break;
    Start = From;
    if (Prev == StringRef::npos)
      break;
  }
  return Buf.slice(Start, End);
}

/// Is \p V tested against a bound in \p Region: compared with something
/// else (`n < max`, `left-- > 0`) or tested for truth as it counts down
/// (`while (left--)`)?
static bool testedAgainstBound(const Stmt *Region, const VarDecl *V,
                               ASTContext &Ctx) {
  bool Found = false;
  forEachDescendant(Region, [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isComparisonOp() && referencesUnmasked(BO->getLHS(), V) !=
                                      referencesUnmasked(BO->getRHS(), V))
        Found = true;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isDecrementOp() && references(UO, V)) {
        for (const DynTypedNode &P : Ctx.getParents(*UO))
          if (P.get<WhileStmt>() || P.get<IfStmt>() || P.get<ForStmt>() ||
              P.get<DoStmt>() || P.get<ImplicitCastExpr>())
            Found = true;
      }
    }
  });
  return Found;
}

/// Does \p Call report or wait: a log, print or trace, or a wait? A
/// counter handed to one still only counts rounds.
static bool reportsOrWaits(const CallExpr *Call) {
  StringRef Name = calleeName(Call);
  if (isSleepName(Name) || isPauseName(Name) || isBlockingWaitName(Name))
    return true;
  for (const std::string &W : identifierWords(Name))
    if (llvm::is_contained({"log", "logf", "logger", "print", "printf",
                            "fprintf", "trace", "debug", "dbg", "dbgprintf",
                            "info", "warn", "warning", "error", "report",
                            "syslog", "notice", "verbose"},
                           StringRef(W)))
      return true;
  return false;
}

/// Does \p V pick what a round works on: an argument of a call that neither
/// reports nor waits (the request, a name built from it), or an index
/// (other than into the delays a wait reads)? Then it is no attempt counter
/// but a walk's position.
bool picksWork(const Stmt *Region, const VarDecl *V, ASTContext &Ctx) {
  bool Picks = false;
  forEachDescendant(Region, [&](const Stmt *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    if (Picks || !DRE || DRE->getDecl() != V)
      return;
    bool InCall = false, Reported = false;
    DynTypedNode N = DynTypedNode::create(*S);
    for (unsigned Depth = 0; Depth < 32 && !Reported; ++Depth) {
      auto Parents = Ctx.getParents(N);
      if (Parents.empty() || Parents[0].get<Stmt>() == Region)
        break;
      N = Parents[0];
      if (const auto *Call = N.get<CallExpr>()) {
        Reported = reportsOrWaits(Call);
        InCall = InCall || !Reported;
      } else if (N.get<CXXConstructExpr>() || N.get<ArraySubscriptExpr>()) {
        InCall = true;
      } else if (const auto *BO = N.get<BinaryOperator>();
                 BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
        InCall = true; // `ci->children + i` indexes as `children[i]` does
      } else if (N.get<CompoundStmt>()) {
        break;
      }
    }
    Picks = InCall && !Reported;
  });
  return Picks;
}

/// Is \p V a local made afresh in each round of \p Site (declared in a
/// loop's body, after a goto's label, in a recursive function's body)? It
/// counts nothing from one round to the next, whatever it is compared with
/// (a hash a macro accumulates, a length).
static bool madeEachRound(const VarDecl *V, const RetrySite &Site,
                          const Stmt *Region, const SourceManager &SM) {
  SourceRange Round = Region->getSourceRange();
  if (const Stmt *Body = loopParts(Region).Body)
    Round = Body->getSourceRange();
  else if (Site.Kind == RetryKind::Goto)
    Round.setBegin(Site.Site->getBeginLoc());
  return madeAfresh(V, Round, SM);
}

/// Does \p Region set \p V from what a call returns (`verbose =
/// atoi(optarg)`)? Then it holds a value it was given, not a count.
static bool setFromCall(const Stmt *Region, const VarDecl *V) {
  bool Found = false;
  forEachDescendant(Region, [&](const Stmt *N) {
    const auto *BO = dyn_cast<BinaryOperator>(N);
    Found = Found ||
            (BO && BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == V &&
             isa<CallExpr>(BO->getRHS()->IgnoreParenImpCasts()));
  });
  return Found;
}

/// A counter of \p Site's rounds in \p Region.
static RetryEvidence roundCounter(const RetrySite &Site, const Stmt *Region,
                                  ASTContext &Ctx) {
  llvm::SmallVector<const VarDecl *, 2> Vars = countedVars(Region);
  if (Site.AttemptCounter && !llvm::is_contained(Vars, Site.AttemptCounter))
    Vars.push_back(Site.AttemptCounter);
  for (const VarDecl *V : Vars) {
    bool Recursive =
        Site.Kind == RetryKind::Recursion && V == Site.AttemptCounter;
    if (!Recursive && (madeEachRound(V, Site, Region, Ctx.getSourceManager()) ||
                       !testedAgainstBound(Region, V, Ctx) ||
                       picksWork(Region, V, Ctx) || setFromCall(Region, V)))
      continue;
    RetryEvidence Ev;
    Ev.K = RetryEvidence::Kind::Counter;
    Ev.Where = V->getLocation();
    Ev.What =
        "attempt counter '" + V->getNameAsString() + "' compared with a bound";
    return Ev;
  }
  return {};
}

/// A call in \p Region, after one of \p Site's re-issued calls and not
/// one itself, that connects (`link_connect(l)`, `conn.Connect(addr)`): a
/// loop that connects again after the call it goes back to is
/// reconnecting, spelled in code rather than in a name.
static RetryEvidence connectsAgain(const RetrySite &Site, const Stmt *Region,
                                   const SourceManager &SM) {
  RetryEvidence Ev;
  forEachDescendant(Region, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (Ev || !Call ||
        !llvm::is_contained(identifierWords(calleeName(Call)), "connect"))
      return;
    SourceLocation At = SM.getExpansionLoc(Call->getBeginLoc());
    bool After = false;
    for (const Operation &Op : Site.Operations) {
      if (!Op.Call || Op.Call == Call ||
          (calleeDecl(Call) && calleeDecl(Op.Call) == calleeDecl(Call)))
        return;
      After = After || SM.isBeforeInTranslationUnit(
                           SM.getExpansionLoc(Op.Call->getBeginLoc()), At);
    }
    if (!After)
      return;
    Ev.K = RetryEvidence::Kind::Word;
    Ev.Where = Call->getBeginLoc();
    Ev.What = "it connects again ('" + calleeName(Call).str() +
              "') after the call it goes back to";
  });
  return Ev;
}

/// A wait of its own on a way back taken after a re-issued call failed
/// (`if (status != 0) { sleep(1); continue; }`): pausing there before going
/// back says the loop means to try again, even when it also goes round
/// after a success (a consumer that reconnects).
static RetryEvidence waitsOnFailureWay(const RetrySite &Site) {
  RetryEvidence Ev;
  const Stmt *Body =
      Site.Kind == RetryKind::Loop ? loopParts(Site.Site).Body : nullptr;
  if (!Body)
    return Ev;
  // The locals the operations' results are stored in, read once.
  llvm::SmallPtrSet<const VarDecl *, 4> Holders =
      varsAssignedFrom(Body, [&](const Expr *E) {
        return llvm::any_of(Site.Operations, [&](const Operation &Op) {
          return Op.Call && E->IgnoreParenImpCasts() == Op.Call;
        });
      });
  forEachDescendant(Body, [&](const Stmt *S) {
    const auto *If = dyn_cast<IfStmt>(S);
    const auto *Then = If ? dyn_cast<CompoundStmt>(If->getThen()) : nullptr;
    if (Ev || !Then || Then->body_empty() ||
        !isa<ContinueStmt>(Then->body_back()))
      return;
    const Wait *Own = nullptr;
    for (const Wait &W : Site.Waits)
      if (W.Call && !W.Opaque && containsStmt(Then, W.Call))
        Own = &W;
    bool Tests = llvm::any_of(Site.Operations, [&](const Operation &Op) {
      return Op.Call && containsStmt(If->getCond(), Op.Call);
    });
    for (const VarDecl *V : Holders)
      Tests = Tests || references(If->getCond(), V);
    if (!Own || !Tests)
      return;
    Ev.K = RetryEvidence::Kind::Counter;
    Ev.Where = Own->Call->getBeginLoc();
    Ev.What = "a wait on the way back after the call failed";
  });
  return Ev;
}

/// The named function \p Fn is or is written in (a lambda's encloser).
static const FunctionDecl *namedFunction(const FunctionDecl *Fn) {
  while (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Fn)) {
    if (!MD->getParent()->isLambda())
      break;
    Fn = dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext());
  }
  return Fn;
}

RetryEvidence structuralRetryEvidence(const RetrySite &Site,
                                      const FunctionDecl *Fn, ASTContext &Ctx) {
  const Stmt *Region = Site.Site;
  SourceRange Range = Site.Site->getSourceRange();
  if (Site.Kind == RetryKind::Recursion && Site.Recursive) {
    Region = Site.Recursive->getBody();
    Range = Site.Recursive->getSourceRange();
  } else if (Site.Kind == RetryKind::Reissue && Site.Handler) {
    Region = Site.Handler->getBody();
    Range = Site.Handler->getSourceRange();
  } else if (Site.Kind == RetryKind::Goto && Site.GotoBlock) {
    Region = Site.GotoBlock;
    Range = {Site.Site->getBeginLoc(), Site.GotoBlock->getEndLoc()};
  }
  // (A handler's own loops count something else than its re-issues.)
  if (Site.Kind != RetryKind::Reissue)
    if (RetryEvidence Ev = roundCounter(Site, Region, Ctx))
      return Ev;
  // A wait that grows between rounds or is drawn at random is backoff: no
  // walk or poll spreads its rounds out that way.
  for (const Wait &W : Site.Waits)
    if ((W.Grows || W.Jitter == Fact::Yes) && !W.Opaque && W.Call) {
      RetryEvidence Ev;
      Ev.K = RetryEvidence::Kind::Counter;
      Ev.Where = W.Call->getBeginLoc();
      Ev.What = W.Jitter == Fact::Yes
                    ? "a wait with jitter between rounds (backoff)"
                    : "a wait that grows between rounds (backoff)";
      return Ev;
    }
  if (RetryEvidence Ev = connectsAgain(Site, Region, Ctx.getSourceManager()))
    return Ev;
  if (RetryEvidence Ev = waitsOnFailureWay(Site))
    return Ev;
  // A handler's cap read from a counter it steps against a constant
  // (`state->rsprobes++ < MAX_RTR_SOLICITATIONS`), or a re-issue sent under
  // a count of its sends (`u->transmits >= u->maxtransmits`), counts its
  // attempts.
  if (Site.Kind == RetryKind::Reissue &&
      (Site.Cap == CapKind::Constant || Site.CountedSends) && Site.CapWhere) {
    RetryEvidence Ev;
    Ev.K = RetryEvidence::Kind::Counter;
    Ev.Where = Site.CapWhere->getBeginLoc();
    Ev.What = "attempt counter compared with a bound";
    return Ev;
  }
  Fn = namedFunction(Fn);
  if (RetryEvidence Ev = wordsIn(
          Range, Fn ? Fn->getBeginLoc() : SourceLocation(), Region, Ctx))
    return Ev;
  if (!Fn)
    return {};
  RetryEvidence Ev;
  Ev.K = RetryEvidence::Kind::Word;
  Ev.Where = Fn->getLocation();
  if (Fn->getDeclName().isIdentifier() && retryWordIn(Fn->getName())) {
    Ev.What = "enclosing function '" + Fn->getNameAsString() + "'";
    return Ev;
  }
  // The function's own comment: "Sends the batch, retrying on 5xx".
  if (std::optional<std::string> W =
          retryWordIn(commentAbove(Fn, Ctx), /*Prose=*/true)) {
    Ev.What = "comment on '" + Fn->getNameAsString() + "' saying '" + *W + "'";
    return Ev;
  }
  return {};
}

RetryEvidence siteEvidence(const RetrySite &Site, bool Structural,
                           const FunctionDecl *Fn, ASTContext &Ctx) {
  if (Structural)
    return structuralRetryEvidence(Site, Fn, Ctx);
  RetryEvidence Ev;
  Ev.K = RetryEvidence::Kind::Operation;
  if (!Site.Operations.empty() && Site.Operations.front().Call) {
    Ev.Where = Site.Operations.front().Call->getBeginLoc();
    Ev.What = "it re-issues '" + Site.Operations.front().Name +
              "', an operation the model knows or is configured with";
  }
  return Ev;
}

RetryEvidence helperEvidence(const CallExpr *Call, const FunctionDecl *Helper) {
  RetryEvidence Ev;
  Ev.K = RetryEvidence::Kind::Operation;
  Ev.Where = Call->getBeginLoc();
  Ev.What = "it hands the operation to retry helper '" +
            Helper->getNameAsString() + "'";
  return Ev;
}

/// Does \p Name count attempts or failures (`retry_count`, `n_errors`)?
bool countsAttempts(StringRef Name) {
  for (const std::string &W : identifierWords(Name))
    if (llvm::is_contained({"retry", "retries", "attempt", "attempts", "try",
                            "tries", "failure", "failures", "error", "errors"},
                           StringRef(W)))
      return true;
  return false;
}

} // namespace clang::tidy::retry::model
