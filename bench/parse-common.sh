# Sourced by the parse benchmarks (parse-cost.sh, parse-instructions.sh,
# parse-profile.sh): the translation units they measure and their copy of
# retrylint for valgrind. Not run on its own.

# Calls `$1 name compiler file flags...` for each TU: a gRPC payments client
# with the real gRPC headers, a cpp-httplib service (examples/), and, when
# $2 is a librdkafka checkout, its src/rdkafka_request.c.
parse_tus() {
  local row=$1 rdkafka=${2:-} httplib_inc
  httplib_inc=$(pkg-config --cflags-only-I cpp-httplib 2>/dev/null || true)
  "$row" "gRPC payments client" /usr/lib/llvm-22/bin/clang++ \
    test/integration/per-attempt-idempotency-key-grpc.cpp -std=c++17
  # shellcheck disable=SC2086
  "$row" "cpp-httplib service" /usr/lib/llvm-22/bin/clang++ \
    examples/src/charge_service.cpp -std=c++17 -Iexamples/src $httplib_inc
  if [ -n "$rdkafka" ]; then
    "$row" "librdkafka rdkafka_request.c ($(wc -l <"$rdkafka/src/rdkafka_request.c") lines)" \
      /usr/lib/llvm-22/bin/clang "$rdkafka/src/rdkafka_request.c" \
      -std=gnu11 -I"$rdkafka/src" -I"$rdkafka"
  fi
}

# Copies $1/driver/retrylint to $2/retrylint without its debug information,
# which valgrind cannot read in the static executable; fails with one line
# when valgrind is missing. $3 names the script in that line.
valgrind_copy() {
  command -v valgrind >/dev/null || {
    echo "$3: valgrind is not installed (apt-get install valgrind)" >&2
    exit 1
  }
  objcopy --strip-debug "$1/driver/retrylint" "$2/retrylint"
}
