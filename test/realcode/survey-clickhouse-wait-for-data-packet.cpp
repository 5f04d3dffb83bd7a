// corpus: origin github:ClickHouse/clickhouse-cpp clickhouse/client.cpp Client::Impl::Insert
// corpus: negative retry-nested-layers retry-missing-budget retry-missing-backoff
// After sending an INSERT query the client reads packets until the server's
// Data packet arrives; the loop goes on while reading *succeeds* and ends
// (throws) when it fails. Reading a stream of packets is not a retry.
// Over the whole project, --cross-tu called this loop and the varint reader
// it reaches "retry loop (unbounded)"; this one-file reduction does not
// reproduce that yet.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ServerCodes {
enum { Data = 1, Progress = 3, EndOfStream = 5 };
}

struct Input {
  bool ReadByte(std::uint8_t *b); // a socket read, defined elsewhere
};

class Client {
public:
  void Insert(const std::string &table);

private:
  bool ReadVarint64(std::uint64_t *value);
  bool ReceivePacket(std::uint64_t *code);
  void SendQuery(const std::string &q);
  void SendData();
  Input input_;
};

bool Client::ReadVarint64(std::uint64_t *value) {
  *value = 0;
  for (std::size_t i = 0; i < 9; ++i) {
    std::uint8_t byte = 0;
    if (!input_.ReadByte(&byte))
      return false;
    *value |= std::uint64_t(byte & 0x7F) << (7 * i);
    if (!(byte & 0x80))
      return true;
  }
  return false;
}

bool Client::ReceivePacket(std::uint64_t *code) {
  if (!ReadVarint64(code))
    return false;
  return *code != ServerCodes::EndOfStream;
}

void Client::Insert(const std::string &table) {
  SendQuery("INSERT INTO " + table + " VALUES");
  std::uint64_t code = 0;
  while (ReceivePacket(&code)) {
    if (code == ServerCodes::Data) {
      SendData();
      return;
    }
  }
  throw std::runtime_error("fail to receive data packet");
}
