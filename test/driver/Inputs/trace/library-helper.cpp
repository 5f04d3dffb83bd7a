// A call to a library's retry helper whose retry is a recursion behind a
// forwarding overload (acme/retry.h): --trace shows the cap this call gets
// and the helper's own waits.
#include <acme/retry.h>
#include <httplib.h>

static bool empty_reply(const httplib::Result &res) { return !res; }

httplib::Result fetch(httplib::Client &cli) {
  return acme::call_with_retry([&] { return cli.Get("/orders/1"); },
                               empty_reply, 3);
}
