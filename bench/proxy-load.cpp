// A small HTTP/1.1 load client for bench/proxy-latency.sh (a benchmark, not
// a test): C clients, each on one kept-alive connection, send N POSTs in
// total and time each request from the first byte written to the last byte
// of the reply read.
//
//   proxy-load HOST PORT REQUESTS CONCURRENCY [WARMUP]
//
// Prints one line: requests, seconds, requests per second, median, p90, p99
// and max latency in milliseconds. Exits 1 when a request fails (a reply
// that is not 2xx, a connection error), so a broken run never yields
// figures. Build: g++ -O2 -std=c++17 -pthread proxy-load.cpp.
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using steady = std::chrono::steady_clock;

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: proxy-load HOST PORT REQUESTS CONCURRENCY [WARMUP]\n");
    return 2;
  }
  std::string host = argv[1];
  unsigned short port = static_cast<unsigned short>(std::atoi(argv[2]));
  int total = std::atoi(argv[3]), clients = std::atoi(argv[4]);
  int warmup = argc > 5 ? std::atoi(argv[5]) : 200;
  if (total < 1 || clients < 1) {
    std::fprintf(stderr, "proxy-load: REQUESTS and CONCURRENCY must be >= 1\n");
    return 2;
  }
  std::vector<std::vector<double>> per_client(clients);
  std::atomic<bool> failed{false};
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  steady::time_point t0, t1;

  auto client = [&](int id) {
    try {
      net::io_context ioc;
      tcp::socket sock(ioc);
      sock.connect(tcp::endpoint(net::ip::make_address(host), port));
      sock.set_option(tcp::no_delay(true));
      beast::flat_buffer buf;
      int mine = total / clients + (id < total % clients ? 1 : 0);
      auto one = [&](const std::string &intent) {
        http::request<http::string_body> req{http::verb::post, "/charges", 11};
        req.set(http::field::host, host);
        req.set(http::field::content_type, "application/json");
        req.body() = "{\"intent\":\"" + intent + "\",\"amount\":1}";
        req.prepare_payload();
        http::write(sock, req);
        http::response<http::string_body> res;
        http::read(sock, buf, res);
        if (res.result_int() / 100 != 2)
          throw std::runtime_error("status " +
                                   std::to_string(res.result_int()));
      };
      for (int i = 0; i < warmup; ++i)
        one("warm-" + std::to_string(id) + "-" + std::to_string(i));
      ++ready;
      while (!go.load())
        std::this_thread::yield();
      auto &lat = per_client[id];
      lat.reserve(mine);
      for (int i = 0; i < mine; ++i) {
        auto a = steady::now();
        one("bench-" + std::to_string(id) + "-" + std::to_string(i));
        lat.push_back(
            std::chrono::duration<double, std::milli>(steady::now() - a)
                .count());
      }
    } catch (const std::exception &e) {
      std::fprintf(stderr, "proxy-load: client %d: %s\n", id, e.what());
      failed = true;
      ++ready;
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i)
    threads.emplace_back(client, i);
  while (ready.load() < clients)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  t0 = steady::now();
  go = true;
  for (auto &t : threads)
    t.join();
  t1 = steady::now();
  if (failed)
    return 1;
  std::vector<double> all;
  for (auto &v : per_client)
    all.insert(all.end(), v.begin(), v.end());
  std::sort(all.begin(), all.end());
  auto q = [&](double p) {
    return all[std::min(all.size() - 1,
                        static_cast<std::size_t>(p * all.size()))];
  };
  double secs = std::chrono::duration<double>(t1 - t0).count();
  std::printf("requests %zu seconds %.3f rps %.0f median_ms %.3f p90_ms %.3f "
              "p99_ms %.3f max_ms %.3f\n",
              all.size(), secs, all.size() / secs, q(0.5), q(0.9), q(0.99),
              all.back());
  return 0;
}
