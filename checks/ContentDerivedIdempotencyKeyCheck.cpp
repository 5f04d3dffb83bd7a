// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ContentDerivedIdempotencyKeyCheck.h"
#include "model/KeySink.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::retry {

using namespace utils;

namespace {

// Words that make a name an identifier of something ("order_id", "intentKey").
constexpr llvm::StringLiteral IdWords[] = {"id",   "ids", "key",       "uuid",
                                           "guid", "ref", "reference", "number",
                                           "no",   "num", "token",     "seq"};

} // namespace

ContentDerivedIdempotencyKeyCheck::ContentDerivedIdempotencyKeyCheck(
    StringRef Name, ClangTidyContext *Context)
    : RetryCheck(Name, Context, Uses::ApiAndStore),
      IntentIdNamesOpt(Options.get("IntentIdNames", "").str()),
      ContentNamesOpt(Options.get("ContentNames", "").str()),
      PartyNamesOpt(Options.get("PartyNames", "").str()) {
  // Customer, payee, account and e-mail ids are not intent identity: one
  // customer places many orders.
  IntentWords = {"order",   "intent",      "request", "operation",
                 "op",      "transaction", "txn",     "tx",
                 "payment", "invoice",     "message", "msg",
                 "event",   "idempotency", "dedup",   "deduplication"};
  ContentWords = {"amount",   "total",    "price",   "sum",         "currency",
                  "body",     "payload",  "content", "items",       "item",
                  "quantity", "qty",      "cents",   "description", "memo",
                  "cart",     "basket",   "sku",     "params",      "json",
                  "fee",      "subtotal", "tax",     "data",        "text"};
  PartyWords = {"customer",  "payee",  "payer",  "account", "user",
                "merchant",  "client", "tenant", "member",  "card",
                "recipient", "sender", "iban",   "bic"};
  NeutralWords = {"path", "url",    "uri",   "endpoint",     "route",
                  "host", "method", "ctype", "content_type", "mime"};
  EntityWords = {"cart",    "basket",      "checkout",
                 "booking", "reservation", "shipment"};
  // Personal data is content: the same person books again next week.
  PersonalWords = {"email",  "mail",    "phone",   "mobile",
                   "msisdn", "street",  "address", "postcode",
                   "zip",    "zipcode", "city"};
  auto Add = [&](std::vector<std::string> &To, StringRef Option,
                 StringRef Value) {
    // Entries are whole names (business_ref) or single words.
    for (StringRef S : identifierList(Value, [&](StringRef Bad) {
           configError(Option, ("'" + Bad + "' is not an identifier").str());
         }))
      To.push_back(S.lower());
  };
  Add(IntentWords, "IntentIdNames", IntentIdNamesOpt);
  Add(ContentWords, "ContentNames", ContentNamesOpt);
  Add(PartyWords, "PartyNames", PartyNamesOpt);
}

void ContentDerivedIdempotencyKeyCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  RetryCheck::storeOptions(Opts);
  Options.store(Opts, "IntentIdNames", IntentIdNamesOpt);
  Options.store(Opts, "ContentNames", ContentNamesOpt);
  Options.store(Opts, "PartyNames", PartyNamesOpt);
}

void ContentDerivedIdempotencyKeyCheck::onStartOfTranslationUnit() {
  RetryCheck::onStartOfTranslationUnit();
  Seen.clear();
  ReportedLeaves.clear();
}

void ContentDerivedIdempotencyKeyCheck::registerMatchers(MatchFinder *Finder) {
  addUnitMatcher(Finder);
}

void ContentDerivedIdempotencyKeyCheck::check(
    const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  for (model::Node N : nodes(Ctx).Reported) {
    const auto *S = N.dyn_cast<const Stmt *>();
    if (!S)
      continue;
    // "Idempotency-Key: " + a + ":" + b is one key made of all operands.
    Sinks.at(S, Ctx, [&](llvm::ArrayRef<const Expr *> Values) {
      checkKeyValue(Values, Ctx);
    });
    // Keys of de-dup stores on the serving side: calls on an object.
    if (isa<CXXMemberCallExpr, CXXOperatorCallExpr>(S)) {
      std::optional<model::StoreOp> Op =
          store().classify(cast<CallExpr>(S), Ctx);
      if (Op && store().isDedupStore(*Op))
        checkKeyValue({Op->Key}, Ctx);
    }
  }
}

ContentDerivedIdempotencyKeyCheck::Role
ContentDerivedIdempotencyKeyCheck::classifyName(StringRef Name,
                                                StringRef Owner) const {
  llvm::SmallVector<std::string, 4> Words = identifierWords(Name);
  if (Words.empty())
    return Role::Unknown;
  auto IsId = [](StringRef W) { return llvm::is_contained(IdWords, W); };
  // One word made of two (`msgid`, `orderid`): an intent word and an id.
  for (size_t I = 0, N = Words.size(); I < N; ++I)
    for (StringRef Id : {"id", "key", "ref", "uuid", "no", "num"}) {
      StringRef W(Words[I]);
      if (W.size() > Id.size() && W.ends_with(Id) &&
          llvm::is_contained(IntentWords, W.drop_back(Id.size()))) {
        std::string Prefix = W.drop_back(Id.size()).str();
        Words[I] = Id.str();
        Words.push_back(Prefix);
        break;
      }
    }
  // o.id, intent.key: the owner names what is identified.
  if (llvm::all_of(Words, [&](const std::string &W) { return IsId(W); }))
    for (const std::string &W : identifierWords(Owner))
      Words.push_back(W);
  std::string Whole = Name.lower();
  auto Has = [&](const std::vector<std::string> &List) {
    return llvm::any_of(Words,
                        [&](const std::string &W) {
                          return llvm::is_contained(List, W);
                        }) ||
           llvm::is_contained(List, Whole);
  };
  bool AnyId =
      llvm::any_of(Words, [&](const std::string &W) { return IsId(W); });
  // An entity made for one purchase names the intent by its id (`cart.id`,
  // `basket_key`); its contents (`cart.items`) are still content.
  if ((Has(IntentWords) && AnyId) || (Has(EntityWords) && AnyId) ||
      llvm::is_contained(IntentWords, Whole))
    return Role::Identity;
  if (Has(PersonalWords))
    return Role::Content;
  if (Has(PartyWords))
    return Role::Party;
  // Where the request goes and how it is encoded is the same for every
  // order: neither identity nor content.
  if (Has(NeutralWords))
    return Role::Neutral;
  if (Has(ContentWords))
    return Role::Content;
  return Role::Unknown;
}

bool ContentDerivedIdempotencyKeyCheck::recordHasIdentity(
    const RecordDecl *RD) const {
  // Only the project's own records of the file: a library's (timeval,
  // std::pair) says nothing about the request.
  if (!RD || !RD->getDefinition() ||
      !RD->getASTContext().getSourceManager().isInMainFile(RD->getLocation()))
    return true; // cannot tell
  for (const FieldDecl *F : RD->getDefinition()->fields()) {
    if (!F->getDeclName().isIdentifier())
      return true;
    for (const std::string &W : identifierWords(F->getName()))
      if (llvm::is_contained(IdWords, StringRef(W)))
        return true;
    // `msgid`, `orderref`: an id written as one word.
    std::string L = F->getName().lower();
    for (StringRef Id : {"id", "ids", "key", "ref", "uuid", "guid"})
      if (StringRef(L).ends_with(Id))
        return true;
    // A nested record or an unknown type may carry one.
    if (F->getType()->isRecordType() &&
        !isStdLibrary(F->getType()->getAsRecordDecl()))
      return true;
  }
  return false;
}

ContentDerivedIdempotencyKeyCheck::Role
ContentDerivedIdempotencyKeyCheck::classify(const model::Leaf &L) const {
  switch (L.Kind) {
  case model::LeafKind::Literal:
    return Role::Neutral;
  case model::LeafKind::PerAttempt:
  case model::LeafKind::Unknown:
    return Role::Unknown;
  case model::LeafKind::Parameter:
  case model::LeafKind::Field:
  case model::LeafKind::Variable:
  case model::LeafKind::Call:
    return classifyName(L.Name, L.Owner);
  }
  return Role::Unknown;
}

bool ContentDerivedIdempotencyKeyCheck::sortLeaves(
    llvm::ArrayRef<model::Leaf> Leaves,
    llvm::SmallVectorImpl<const model::Leaf *> &Content,
    llvm::SmallVectorImpl<const model::Leaf *> &Parties) const {
  // Records whose fields in the key include content.
  llvm::SmallPtrSet<const RecordDecl *, 2> WithContent;
  for (const model::Leaf &L : Leaves)
    if (const auto *F = dyn_cast_or_null<FieldDecl>(L.Decl);
        F && L.Kind == model::LeafKind::Field && classify(L) == Role::Content)
      WithContent.insert(F->getParent());
  for (const model::Leaf &L : Leaves) {
    Role R = classify(L);
    // A field next to content fields of a record that has no identity of
    // its own (`Delivery { street, postcode, window }`: nothing in it names
    // which booking) is part of that content.
    if (R == Role::Unknown && L.Kind == model::LeafKind::Field)
      if (const auto *F = dyn_cast_or_null<FieldDecl>(L.Decl);
          F && WithContent.count(F->getParent()) &&
          !recordHasIdentity(F->getParent()))
        R = Role::Content;
    if (R == Role::Identity || R == Role::Unknown)
      return false; // identity in the key, or a piece we cannot judge
    if (R == Role::Content)
      Content.push_back(&L);
    if (R == Role::Party)
      Parties.push_back(&L);
  }
  return true;
}

void ContentDerivedIdempotencyKeyCheck::reportKey(
    llvm::ArrayRef<const Expr *> Values,
    llvm::ArrayRef<const model::Leaf *> Content, bool PartyOnly,
    ASTContext &Ctx) {
  const Expr *Value = Values.front();
  SourceLocation Loc = Value->getBeginLoc();
  std::string What;
  bool Hashed = false;
  for (size_t I = 0; I < Content.size() && I < 3; ++I) {
    if (I)
      What += ", ";
    What += "'" + Content[I]->Name + "'";
    Hashed |= Content[I]->Hashed;
  }
  if (Content.size() > 3)
    What += ", ...";
  if (PartyOnly)
    diag(Loc, "idempotency key is derived only from who asks (%0%1) and "
              "identifies no intent: the same party's next request gets the "
              "same key, so it is dropped as a duplicate")
        << (Hashed ? "a hash of " : "") << What
        << SourceRange(Value->getBeginLoc(), Values.back()->getEndLoc());
  else
    diag(Loc,
         "idempotency key is derived only from payload content (%0%1) and "
         "identifies no intent: two different orders with equal content get "
         "the same key, so the second is dropped as a duplicate")
        << (Hashed ? "a hash of " : "") << What
        << SourceRange(Value->getBeginLoc(), Values.back()->getEndLoc());
  const SourceManager &SM = Ctx.getSourceManager();
  for (size_t I = 0; I < Content.size() && I < 2; ++I) {
    SourceLocation L = Content[I]->Where->getBeginLoc();
    if (SM.getExpansionLoc(L) == SM.getExpansionLoc(Loc))
      continue;
    diag(L,
         "'%0' is %select{payload content|a party}1, not an identity of "
         "the intent",
         DiagnosticIDs::Note)
        << Content[I]->Name << PartyOnly;
  }
}

void ContentDerivedIdempotencyKeyCheck::checkKeyValue(
    llvm::ArrayRef<const Expr *> Values, ASTContext &Ctx) {
  const Expr *Value = Values.front();
  if (!Value || !Seen.insert(Value).second)
    return;
  SourceLocation Loc = Value->getBeginLoc();
  if (Loc.isInvalid() || Value->isTypeDependent())
    return;
  const FunctionDecl *Fn = sites(Ctx).enclosingFunction(Value);
  if (!Fn)
    return;
  model::ValueOrigin Tracer(api());
  llvm::SmallVector<model::Leaf, 4> Leaves;
  for (const Expr *V : Values)
    for (model::Leaf &L : Tracer.leaves(V, Fn))
      Leaves.push_back(std::move(L));
  llvm::SmallVector<const model::Leaf *, 2> Content, Parties;
  if (!sortLeaves(Leaves, Content, Parties))
    return;
  // A key of party ids alone (`"sub-" + customer_id`) names who asks, not
  // what: the customer's second subscription gets the first one's key.
  bool PartyOnly = Content.empty();
  if (PartyOnly)
    Content = Parties;
  // `crc(payload, strlen(payload))` reads one piece twice: name it once.
  llvm::StringSet<> Names;
  llvm::erase_if(Content, [&](const model::Leaf *L) {
    return !Names.insert(L->Name).second;
  });
  if (Content.empty())
    return;
  // One report per key computation, however many sinks it reaches.
  if (!ReportedLeaves.insert(Content.front()->Where).second)
    return;
  reportKey(Values, Content, PartyOnly, Ctx);
}

} // namespace clang::tidy::retry
