// The public API's version and export macro. The installed headers
// (retryprobe/version.h, fixture.h, gtest.h, retryprobe.h) are the whole
// supported API of libretryprobe; everything else is private to the probe.
// The API follows semantic versioning: within one major version (and, while
// the major version is 0, one minor version) code that compiles against
// these headers keeps compiling and linking.
#pragma once

#define RETRYPROBE_VERSION_MAJOR 0
#define RETRYPROBE_VERSION_MINOR 1
#define RETRYPROBE_VERSION_PATCH 0
#define RETRYPROBE_VERSION_STRING "0.1.0"

// The shared library exports only what carries this macro; the rest of the
// probe (scenarios, proxy, HTTP plumbing) stays hidden.
#if defined(__GNUC__) || defined(__clang__)
#define RETRYPROBE_API __attribute__((visibility("default")))
#else
#define RETRYPROBE_API
#endif

namespace retryprobe {

// The library's version, "MAJOR.MINOR.PATCH": the one it was built as, which
// may differ from the headers a program was compiled with.
RETRYPROBE_API const char *version();

} // namespace retryprobe
