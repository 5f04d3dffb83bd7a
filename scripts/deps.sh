#!/usr/bin/env bash
# Installs everything retrylint needs to build and test, from Debian's
# archive (bookworm; LLVM 22 comes from bookworm-security). Run as root.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends \
  ca-certificates git g++ cmake ninja-build pkgconf python3 \
  llvm-22-dev libclang-22-dev clang-22 clang-tidy-22 clangd-22 llvm-22-tools \
  nlohmann-json3-dev libgtest-dev libsqlite3-dev libboost-dev libcli11-dev \
  libssl-dev libicu-dev uuid-dev \
  libcurl4-openssl-dev libcpp-httplib-dev libgrpc++-dev \
  python3-jsonschema pre-commit
