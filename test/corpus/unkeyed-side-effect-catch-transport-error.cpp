// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// A project client throws TransportError on timeouts and resets; the loop
// catches it and calls CreateReservation again with no key.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

struct TransportError {
  int code;
};

class BookingClient {
public:
  // Throws TransportError when the connection fails or times out.
  std::string CreateReservation(const std::string &room, int nights);
};

std::string reserve(BookingClient &client, const std::string &room, int nights) {
  int attempt = 0;
  while (true) {
    try {
      return client.CreateReservation(room, nights);
    } catch (const TransportError &) {
      if (++attempt >= 3)
        throw;
      std::this_thread::sleep_for(
          std::chrono::milliseconds((300 << attempt) + rand() % 300));
    }
  }
}
