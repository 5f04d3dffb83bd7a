// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Config.h"
#include "Nesting.h"
#include "Paths.h"
#include "TidyFlags.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/GlobList.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <set>
#include <tuple>

using namespace clang::tidy;
using llvm::SmallString;
using llvm::StringRef;

namespace retrylint {

/// The module's namespace: every retrylint check's name starts with it.
static constexpr StringRef RetryPrefix = "retry-";
/// retrylint's default, and what stays on when a configuration's Checks
/// never mention RetryPrefix.
static constexpr StringRef RetryGlob = "retry-*";
/// The source name of that kept default among the raw options.
static constexpr StringRef KeptDefault = "retrylint's default (retry-*)";
/// The checks of other modules the binary links (the static analyzer's),
/// always off, and the name of the source that turns them off.
static constexpr StringRef NotOurs = "-clang-analyzer-*";
static constexpr StringRef OnlyOursSource = "retrylint (only retry-* checks)";
/// The check name clang-tidy gives configuration diagnostics.
static constexpr StringRef ConfigDiagName = "clang-tidy-config";

namespace {

/// Wraps clang-tidy's provider of the .clang-tidy files (or --config):
/// retrylint's defaults first and the command line's overrides last, as
/// clang-tidy orders them, and in between the configuration's sources plus,
/// when none of their Checks mention retry-, a source keeping retry-* on.
/// A repository's .clang-tidy written for clang-tidy (`Checks: '-*,...'`)
/// would otherwise switch retrylint off without a word.
class RetryOptionsProvider : public ClangTidyOptionsProvider {
public:
  RetryOptionsProvider(std::unique_ptr<ClangTidyOptionsProvider> Inner,
                       ClangTidyOptions Defaults, ClangTidyOptions Overrides)
      : Inner(std::move(Inner)), Defaults(std::move(Defaults)),
        Overrides(std::move(Overrides)) {}

  const ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }

  std::vector<OptionsSource> getRawOptions(StringRef FileName) override {
    // A file's options depend only on its directory. clang-tidy's provider
    // remembers only directories where it found a .clang-tidy, so without
    // one it walks up to / again for every file (a warm cached run's stats).
    SmallString<256> Dir(FileName);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_filename(Dir);
    auto [It, New] = ByDirectory.try_emplace(Dir);
    if (New)
      It->second = read(FileName);
    return It->second;
  }

private:
  std::vector<OptionsSource> read(StringRef FileName) {
    std::vector<OptionsSource> Out;
    Out.emplace_back(Defaults, OptionsSourceTypeDefaultBinary);
    bool Mentioned = false;
    for (OptionsSource &Src : Inner->getRawOptions(FileName)) {
      // The inner provider's own (empty) defaults and overrides.
      if (Src.second == OptionsSourceTypeDefaultBinary ||
          Src.second == OptionsSourceTypeCheckCommandLineOption)
        continue;
      if (Src.first.Checks &&
          StringRef(*Src.first.Checks).contains(RetryPrefix))
        Mentioned = true;
      Out.push_back(std::move(Src));
    }
    if (!Mentioned) {
      ClangTidyOptions Keep;
      Keep.Checks = RetryGlob.str();
      Out.emplace_back(std::move(Keep), KeptDefault.str());
    }
    Out.emplace_back(Overrides, OptionsSourceTypeCheckCommandLineOption);
    // The clang-tidy library brings the static analyzer's checks along; a
    // repository's .clang-tidy enabling `clang-analyzer-*` for clang-tidy
    // must not make retrylint run them (ten times the parse on real C).
    ClangTidyOptions OnlyOurs;
    OnlyOurs.Checks = NotOurs.str();
    Out.emplace_back(std::move(OnlyOurs), OnlyOursSource.str());
    return Out;
  }

  std::unique_ptr<ClangTidyOptionsProvider> Inner;
  ClangTidyOptions Defaults, Overrides;
  llvm::StringMap<std::vector<OptionsSource>> ByDirectory;
};

/// clang-tidy's reader of .clang-tidy files, except that a file it would
/// skip after printing its parse error (several lines, once per translation
/// unit) is skipped after one warning line. Malformed files never get here
/// (validateConfig).
class SkippingFileOptionsProvider : public FileOptionsProvider {
public:
  explicit SkippingFileOptionsProvider(const ClangTidyGlobalOptions &Global)
      : FileOptionsProvider(Global, ClangTidyOptions(), ClangTidyOptions(),
                            ConfigFileHandlers{{".clang-tidy", parse}}) {
    // The handlers' constructor leaves the file system unset.
    FS = llvm::vfs::getRealFileSystem();
  }

private:
  static llvm::ErrorOr<ClangTidyOptions> parse(llvm::MemoryBufferRef Buf);
};

} // namespace

/// How an error names a source of options.
static std::string sourceLabel(StringRef Name) {
  if (Name ==
      ClangTidyOptionsProvider::OptionsSourceTypeConfigCommandLineOption)
    return "--config";
  if (Name == ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption)
    return "--checks";
  return ("'" + Name + "'").str();
}

/// The names of the retry checks this binary registers, sorted.
static const std::vector<std::string> &retryCheckNames() {
  static const std::vector<std::string> Names = [] {
    ClangTidyCheckFactories Factories;
    for (const ClangTidyModuleRegistry::entry &E :
         ClangTidyModuleRegistry::entries())
      E.instantiate()->addCheckFactories(Factories);
    std::vector<std::string> Out;
    for (const auto &F : Factories)
      if (F.getKey().starts_with(RetryPrefix))
        Out.push_back(F.getKey().str());
    llvm::sort(Out);
    return Out;
  }();
  return Names;
}

std::vector<std::string> enabledRetryChecks(const ClangTidyOptions &Opts) {
  // getCheckNames() would also match each of the static analyzer's
  // hundreds of checkers against the globs (regular expressions): on a
  // one-file run that cost as much as a tenth of the analysis.
  GlobList Filter(Opts.Checks.value_or(""));
  std::vector<std::string> Out;
  for (const std::string &N : retryCheckNames())
    if (Filter.contains(N))
      Out.push_back(N);
  return Out;
}

/// The first positive glob of \p Globs that names no check this binary has.
/// With \p OnlyOurs, globs that cannot match a retry- name are skipped: a
/// .clang-tidy shared with clang-tidy names its modules' checks, which
/// retrylint does not have and has no business rejecting.
static std::optional<std::string> unknownCheck(StringRef Globs, bool OnlyOurs) {
  // Every check and its options, made once and only when a glob names none
  // of the retry checks: it creates each check.
  auto All = []() -> const llvm::StringSet<> & {
    static const llvm::StringSet<> Checks =
        getAllChecksAndOptions(false, false).Checks;
    return Checks;
  };
  llvm::SmallVector<StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, false);
  for (StringRef Part : Parts) {
    for (StringRef Glob : llvm::split(Part, '\n')) {
      Glob = Glob.trim();
      if (Glob.empty() || Glob.starts_with("-"))
        continue;
      if (OnlyOurs) {
        StringRef Literal = Glob.take_until([](char C) { return C == '*'; });
        if (!Literal.starts_with(RetryPrefix) &&
            !RetryPrefix.starts_with(Literal))
          continue;
      }
      GlobList G(Glob);
      bool Any = llvm::any_of(retryCheckNames(), [&](const std::string &C) {
        return G.contains(C);
      });
      if (!Any)
        Any = llvm::any_of(
            All(), [&](const auto &C) { return G.contains(C.getKey()); });
      if (!Any)
        return Glob.str();
    }
  }
  return std::nullopt;
}

namespace {
/// What parsing a configuration found.
enum class ParseResult { Ok, UnknownKey, Malformed };
} // namespace

/// Parses a configuration into \p Out; on failure \p Err holds its first
/// diagnostic. An unknown key (a misspelt `Checks`, a key of a newer
/// clang-tidy) is told apart from malformed YAML: clang-tidy-22 prints it
/// and carries on as if the file were not there.
static ParseResult parseConfig(llvm::MemoryBufferRef Buf, ClangTidyOptions &Out,
                               std::string &Err) {
  if (!checkYamlNesting(Buf.getBuffer(), Err))
    return ParseResult::Malformed;
  bool UnknownKey = false;
  auto Result =
      parseConfigurationWithDiags(Buf, [&](const llvm::SMDiagnostic &D) {
        if (!Err.empty())
          return;
        Err = D.getMessage().str();
        UnknownKey = StringRef(Err).starts_with("unknown key");
        if (D.getLineNo() > 0)
          Err += " (line " + std::to_string(D.getLineNo()) + ", column " +
                 std::to_string(D.getColumnNo() + 1) + ")";
      });
  if (!Result && Err.empty())
    Err = Result.getError().message();
  if (!Result || !Err.empty())
    return UnknownKey ? ParseResult::UnknownKey : ParseResult::Malformed;
  Out = std::move(*Result);
  return ParseResult::Ok;
}

/// Prints "retrylint: warning: <Msg>" once per run: the providers are asked
/// again for every translation unit, from several threads.
static void warnOnce(const std::string &Msg) {
  static std::mutex M;
  static std::set<std::string> Said;
  std::lock_guard<std::mutex> Lock(M);
  if (Said.insert(Msg).second)
    llvm::errs() << "retrylint: warning: " << Msg << "\n";
}

/// The warning for a .clang-tidy that clang-tidy-22 skips.
static void warnIgnored(StringRef File, const std::string &Err) {
  warnOnce("'" + File.str() + "': " + Err +
           "; the file is ignored, as clang-tidy-22 ignores it");
}

llvm::ErrorOr<ClangTidyOptions>
SkippingFileOptionsProvider::parse(llvm::MemoryBufferRef Buf) {
  ClangTidyOptions Out;
  std::string Err;
  if (parseConfig(Buf, Out, Err) == ParseResult::Ok)
    return Out;
  warnIgnored(Buf.getBufferIdentifier(), Err);
  // An empty error: skipped without a word, the parent directory's file
  // read instead, as clang-tidy does after its message.
  return std::error_code();
}

/// Checks and regular expressions of one source of options. A regular
/// expression LLVM cannot compile (a look-ahead, `(?:`) matches nothing in
/// clang-tidy, which runs on: one warning, unless the command line replaces
/// it (\p Overrides), in which case it is never compiled.
static void validateSource(const ClangTidyOptions &Opts, StringRef Label,
                           const ClangTidyOptions &Overrides) {
  if (Opts.Checks)
    if (auto Bad = unknownCheck(*Opts.Checks, /*OnlyOurs=*/true))
      fatal(Label + ": unknown check '" + *Bad +
            "' in Checks (see --list-checks)");
  for (auto [Key, Value, Override] :
       {std::tuple(StringRef("HeaderFilterRegex"), &Opts.HeaderFilterRegex,
                   &Overrides.HeaderFilterRegex),
        std::tuple(StringRef("ExcludeHeaderFilterRegex"),
                   &Opts.ExcludeHeaderFilterRegex,
                   &Overrides.ExcludeHeaderFilterRegex)})
    // An empty one is valid in clang-tidy: it matches no file.
    if (*Value && !(*Value)->empty() && !*Override) {
      std::string Err = regexError(**Value);
      if (!Err.empty())
        warnOnce((Label + ": " + Key + ": '" + **Value +
                  "' is not a regular expression LLVM can compile (" + Err +
                  "); as in clang-tidy-22, it matches no file")
                     .str());
    }
  // clang-tidy-22 reports a bad extension through a diagnostics engine that
  // getCheckNames() does not have, and crashes.
  for (auto [Key, Value] : {std::pair(StringRef("HeaderFileExtensions"),
                                      &Opts.HeaderFileExtensions),
                            std::pair(StringRef("ImplementationFileExtensions"),
                                      &Opts.ImplementationFileExtensions)})
    if (*Value)
      for (const std::string &Ext : **Value)
        if (!llvm::all_of(StringRef(Ext).trim(), llvm::isAlnum))
          fatal(Label + ": " + Key + ": '" + Ext +
                "' is not a file extension (letters and digits, without "
                "the dot)");
}

std::unique_ptr<ClangTidyOptionsProvider> Setup::provider() const {
  auto FS = llvm::vfs::getRealFileSystem();
  std::unique_ptr<ClangTidyOptionsProvider> Inner;
  if (Config)
    Inner = std::make_unique<ConfigOptionsProvider>(
        Global, ClangTidyOptions(), *Config, ClangTidyOptions(), FS);
  else
    Inner = std::make_unique<SkippingFileOptionsProvider>(Global);
  return std::make_unique<RetryOptionsProvider>(std::move(Inner), Defaults,
                                                Overrides);
}

std::vector<std::string> Setup::checksFor(const std::string &File) const {
  return getCheckNames(provider()->getOptions(File), false, false);
}

/// "<source>: <Message>", the source being the last one that sets the
/// option the message names ("<check>: option '<name>'...", the form the
/// checks' configuration diagnostics take).
static std::string
describeIn(const std::vector<ClangTidyOptionsProvider::OptionsSource> &Raw,
           const std::string &Message) {
  StringRef M(Message);
  auto [Check, Rest] = M.split(": option '");
  StringRef Option = Rest.split('\'').first;
  if (Rest.empty() || Option.empty())
    return Message;
  std::string Local = (Check + "." + Option).str();
  for (auto It = Raw.rbegin(); It != Raw.rend(); ++It) {
    const auto &Opts = It->first.CheckOptions;
    if (Opts.count(Local) || Opts.count(Option))
      return sourceLabel(It->second) + ": " + Message;
  }
  return Message;
}

std::string Setup::describeConfigError(const std::string &File,
                                       const std::string &Message) const {
  return describeIn(provider()->getRawOptions(File), Message);
}

/// Creates the checks \p Merged enables, as an analysis of a translation
/// unit would, and returns the first configuration diagnostic their
/// constructors report (a bad option value), or "".
static std::string checkOptionError(const ClangTidyGlobalOptions &Global,
                                    const ClangTidyOptions &Merged) {
  ClangTidyContext Ctx(std::make_unique<DefaultOptionsProvider>(Global, Merged),
                       false, false, false);
  ClangTidyDiagnosticConsumer Consumer(Ctx);
  auto DiagOpts = std::make_unique<clang::DiagnosticOptions>();
  clang::DiagnosticsEngine DE(clang::DiagnosticIDs::create(), *DiagOpts,
                              &Consumer, /*ShouldOwnClient=*/false);
  Ctx.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  ClangTidyASTConsumerFactory Factory(Ctx);
  Factory.getCheckOptions();
  for (const ClangTidyError &E : Consumer.take())
    if (E.DiagnosticName == ConfigDiagName)
      return E.Message.Message;
  return "";
}

Setup makeSetup(const Options &O) {
  Setup S;
  S.Defaults.Checks = ("-*," + RetryGlob).str();
  // clang-tidy 22's defaults: every non-system header, so the CLI, the
  // --load plugin and clangd report the same findings.
  S.Defaults.HeaderFilterRegex = ".*";
  S.Defaults.SystemHeaders = false;
  S.AllowNoChecks = O.AllowNoChecks;
  if (O.Checks) {
    if (auto Bad = unknownCheck(*O.Checks, /*OnlyOurs=*/false))
      fatal("unknown check '" + *Bad + "' in --checks (see --list-checks)");
    // Nothing left even with every check on before it: --checks alone
    // turns them all off.
    ClangTidyOptions All;
    All.Checks = "*," + *O.Checks;
    if (enabledRetryChecks(All).empty()) {
      if (O.AllowNoChecks)
        std::exit(0); // clang-tidy --allow-no-checks: nothing to run
      fatal("no check enabled: --checks '" + *O.Checks + "' turns off every " +
            RetryGlob + " check");
    }
    S.Overrides.Checks = *O.Checks;
  }
  if (O.HeaderFilter) {
    // Empty: main files only, as clang-tidy takes it.
    std::string Err =
        O.HeaderFilter->empty() ? "" : regexError(*O.HeaderFilter);
    if (!Err.empty())
      fatal("--header-filter: invalid regular expression '" + *O.HeaderFilter +
            "': " + Err);
    S.Overrides.HeaderFilterRegex = *O.HeaderFilter;
  }
  applyTidyFlags(O, S);
  if (O.Config) {
    std::string Err;
    ClangTidyOptions Parsed;
    if (parseConfig(llvm::MemoryBufferRef(*O.Config, O.ConfigLabel), Parsed,
                    Err) != ParseResult::Ok)
      fatal("malformed " + O.ConfigLabel + ": " + Err);
    validateSource(Parsed, O.ConfigLabel, S.Overrides);
    S.Config = std::move(Parsed);
  }
  return S;
}

/// Every .clang-tidy from the directory of each of \p Files upwards must
/// parse: clang-tidy's own loader would print its error (once per
/// translation unit) and carry on without the file.
static void parseConfigFiles(const std::vector<std::string> &Files) {
  std::set<std::string> Seen;
  for (const std::string &File : Files) {
    SmallString<256> Dir(llvm::sys::path::parent_path(absolutePath(File)));
    while (!Dir.empty()) {
      if (!Seen.insert(std::string(Dir)).second)
        break;
      SmallString<256> Cfg(Dir);
      llvm::sys::path::append(Cfg, ".clang-tidy");
      if (llvm::sys::fs::exists(Cfg)) {
        auto Buf = llvm::MemoryBuffer::getFile(Cfg);
        if (!Buf)
          fatal("cannot read '" + Cfg + "': " + Buf.getError().message());
        std::string Err;
        ClangTidyOptions Opts;
        switch (parseConfig((*Buf)->getMemBufferRef(), Opts, Err)) {
        case ParseResult::Ok:
          break;
        case ParseResult::UnknownKey:
          warnIgnored(Cfg, Err);
          break;
        case ParseResult::Malformed:
          fatal("malformed '" + Cfg + "': " + Err);
        }
      }
      StringRef Parent = llvm::sys::path::parent_path(Dir);
      if (Parent == Dir)
        break;
      Dir = Parent;
    }
  }
}

/// "no check enabled for F: ..." naming the source whose Checks decided.
[[noreturn]] static void
noCheckEnabled(const std::string &File,
               const std::vector<ClangTidyOptionsProvider::OptionsSource> &Raw,
               const std::optional<std::string> &CommandLine) {
  std::string Decider;
  for (auto It = Raw.rbegin(); It != Raw.rend(); ++It)
    if (It->second !=
            ClangTidyOptionsProvider::OptionsSourceTypeCheckCommandLineOption &&
        It->first.Checks &&
        StringRef(*It->first.Checks).contains(RetryPrefix)) {
      Decider = sourceLabel(It->second);
      break;
    }
  std::string Why;
  if (!Decider.empty())
    Why = "the Checks of " + Decider;
  if (CommandLine)
    Why += (Why.empty() ? "" : " and ") + ("--checks '" + *CommandLine + "'");
  fatal("no check enabled for '" + File + "': " + Why + " turn" +
        (CommandLine && Decider.empty() ? "s" : "") + " off every " +
        RetryGlob + " check");
}

void validateConfig(const Setup &S, const std::vector<std::string> &Files) {
  if (!S.Config || S.Config->InheritParentConfig.value_or(false))
    parseConfigFiles(Files);
  auto Provider = S.provider();
  std::set<std::string> Dirs, Sources, Configurations;
  std::optional<std::string> NoCheck;
  std::vector<ClangTidyOptionsProvider::OptionsSource> NoCheckRaw;
  bool AnyEnabled = false;
  for (const std::string &File : Files) {
    std::string Abs = absolutePath(File);
    // Options depend on the directory only (the .clang-tidy files above it).
    if (!Dirs.insert(llvm::sys::path::parent_path(Abs).str()).second)
      continue;
    auto Raw = Provider->getRawOptions(Abs);
    for (const auto &[Opts, Name] : Raw)
      if (Name != ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary &&
          Name != ClangTidyOptionsProvider::
                      OptionsSourceTypeCheckCommandLineOption &&
          Name != KeptDefault && Name != OnlyOursSource &&
          Sources.insert(Name).second)
        validateSource(Opts, sourceLabel(Name), S.Overrides);
    ClangTidyOptions Merged = Provider->getOptions(Abs);
    if (enabledRetryChecks(Merged).empty()) {
      if (!NoCheck) {
        NoCheck = File;
        NoCheckRaw = Raw;
      }
      continue;
    }
    AnyEnabled = true;
    // The same merged configuration need not be checked twice.
    if (!Configurations.insert(configurationAsText(Merged)).second)
      continue;
    std::string Err = checkOptionError(S.Global, Merged);
    if (!Err.empty())
      fatal(describeIn(Raw, Err));
  }
  if (!AnyEnabled && NoCheck) {
    if (S.AllowNoChecks)
      std::exit(0); // clang-tidy --allow-no-checks: nothing to run
    noCheckEnabled(*NoCheck, NoCheckRaw, S.Overrides.Checks);
  }
}

/// The file whose configuration --list-checks and --dump-config show: the
/// first path, else a file in the working directory.
static std::string configProbe(const Options &O) {
  // A missing path is an error here too: clang-tidy's loader would print a
  // line for each of its missing directories.
  if (!O.Paths.empty() && !llvm::sys::fs::exists(O.Paths.front()))
    fatal("no such file or directory: '" + O.Paths.front() + "'");
  return O.Paths.empty() ? absolutePath("dummy.cpp")
                         : absolutePath(O.Paths.front());
}

void dumpConfig(const Setup &S, const Options &O) {
  std::string Probe = configProbe(O);
  validateConfig(S, {Probe});
  // As clang-tidy --dump-config: the defaults with the effective options
  // merged in, as .clang-tidy YAML.
  ClangTidyOptions Effective =
      ClangTidyOptions::getDefaults().merge(S.provider()->getOptions(Probe), 0);
  llvm::outs() << clang::tidy::configurationAsText(Effective) << "\n";
}

void listChecks(const Setup &S, const Options &O) {
  std::string Probe = configProbe(O);
  validateConfig(S, {Probe});
  llvm::outs() << "Enabled checks:";
  for (const std::string &N : S.checksFor(Probe))
    llvm::outs() << "\n    " << N;
  llvm::outs() << "\n\n";
}

} // namespace retrylint
