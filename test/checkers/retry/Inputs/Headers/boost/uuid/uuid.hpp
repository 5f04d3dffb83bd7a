// Fake Boost.Uuid for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#include <string>
namespace boost {
namespace uuids {
struct uuid {
  unsigned char data[16];
};
class random_generator {
public:
  uuid operator()();
};
class name_generator {
public:
  explicit name_generator(const uuid &ns);
  uuid operator()(const std::string &name) const;
};
uuid nil_uuid();
std::string to_string(const uuid &u);
} // namespace uuids
} // namespace boost
