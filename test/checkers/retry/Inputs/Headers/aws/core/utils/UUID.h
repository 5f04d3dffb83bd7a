// Fake Aws::Utils::UUID for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
#include <string>
namespace Aws {
namespace Utils {
struct UUID {
  static UUID RandomUUID();
  operator std::string() const;
};
} // namespace Utils
} // namespace Aws
