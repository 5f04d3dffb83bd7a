// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "HelpLinks.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstdio>
#include <optional>
#include <thread>
#include <unistd.h>

namespace retrylint {

static const char TidyDocs[] =
    "https://clang.llvm.org/extra/clang-tidy/checks/retry/";

/// The new link for \p Href, "" to drop it; nullopt when it is not ours.
static std::optional<std::string> newHref(llvm::StringRef Href,
                                          const std::string &DocsUrl) {
  if (!Href.consume_front(TidyDocs) || !Href.consume_back(".html"))
    return std::nullopt;
  if (DocsUrl.empty())
    return std::string();
  return DocsUrl + (DocsUrl.back() == '/' ? "" : "/") + Href.str() + ".md";
}

std::string rewriteHelpLinks(const std::string &Body,
                             const std::string &DocsUrl) {
  if (Body.find(TidyDocs) == std::string::npos)
    return Body;
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Body);
  if (!V) {
    llvm::consumeError(V.takeError());
    return Body;
  }
  llvm::json::Object *Params =
      V->getAsObject() ? V->getAsObject()->getObject("params") : nullptr;
  llvm::json::Array *Diags = Params ? Params->getArray("diagnostics") : nullptr;
  if (!Diags)
    return Body;
  for (llvm::json::Value &D : *Diags) {
    llvm::json::Object *Diag = D.getAsObject();
    llvm::json::Object *Desc =
        Diag ? Diag->getObject("codeDescription") : nullptr;
    std::optional<llvm::StringRef> Href =
        Desc ? Desc->getString("href") : std::nullopt;
    std::optional<std::string> New =
        Href ? newHref(*Href, DocsUrl) : std::nullopt;
    if (!New)
      continue;
    if (New->empty())
      Diag->erase("codeDescription");
    else
      (*Desc)["href"] = *New;
  }
  // As clangd wrote it: indented under --pretty, compact otherwise.
  bool Pretty = Body.find('\n') != std::string::npos;
  return Pretty ? llvm::formatv("{0:2}", *V).str()
                : llvm::formatv("{0}", *V).str();
}

static bool writeAll(int Fd, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(Fd, Data.data(), Data.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Data = Data.drop_front(N);
  }
  return true;
}

/// Passes complete messages of \p Buf on to \p Out, links rewritten; leaves
/// an incomplete one in \p Buf. Anything that is not a Content-Length frame
/// turns rewriting off (\p Raw) and passes through as it is.
static void passMessages(std::string &Buf, int Out, const std::string &Url,
                         bool &Raw) {
  static const llvm::StringRef Header = "Content-Length: ";
  while (!Buf.empty() && !Raw) {
    llvm::StringRef B(Buf);
    if (!B.starts_with(Header)) {
      Raw = !Header.starts_with(B); // a header still arriving waits
      break;
    }
    size_t End = B.find("\r\n\r\n");
    size_t Len = 0;
    if (End == llvm::StringRef::npos)
      break;
    if (B.slice(Header.size(), B.find("\r\n")).trim().getAsInteger(10, Len)) {
      Raw = true;
      break;
    }
    if (B.size() < End + 4 + Len)
      break;
    std::string Body = rewriteHelpLinks(Buf.substr(End + 4, Len), Url);
    writeAll(Out, "Content-Length: " + std::to_string(Body.size()) +
                      "\r\n\r\n" + Body);
    Buf.erase(0, End + 4 + Len);
  }
  if (Raw) {
    writeAll(Out, Buf);
    Buf.clear();
  }
}

static int RealOut = -1;
static std::thread Pump;

bool startHelpLinks(const std::string &DocsUrl) {
  int P[2];
  if (::pipe(P) != 0)
    return false;
  RealOut = ::dup(1);
  if (RealOut < 0 || ::dup2(P[1], 1) < 0) {
    ::close(P[0]);
    ::close(P[1]);
    return false;
  }
  ::close(P[1]);
  Pump = std::thread([In = P[0], DocsUrl] {
    std::string Buf;
    bool Raw = false;
    char Chunk[65536];
    for (;;) {
      ssize_t N = ::read(In, Chunk, sizeof(Chunk));
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        break;
      Buf.append(Chunk, N);
      passMessages(Buf, RealOut, DocsUrl, Raw);
    }
    writeAll(RealOut, Buf); // an unfinished message, as it is
    ::close(In);
  });
  return true;
}

void finishHelpLinks() {
  if (!Pump.joinable())
    return;
  llvm::outs().flush();
  std::fflush(stdout);
  // Standard output becomes the real one again, which closes the pipe.
  ::dup2(RealOut, 1);
  Pump.join();
}

} // namespace retrylint
