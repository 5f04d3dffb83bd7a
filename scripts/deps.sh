#!/usr/bin/env bash
# Installs everything retrylint needs to build and test (scripts/packages.txt)
# from Debian's archive (bookworm; LLVM 22 comes from bookworm-security).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
$SUDO apt-get update
# shellcheck disable=SC2046
$SUDO apt-get install -y --no-install-recommends \
  $(grep -v '^#' "$(dirname "$0")/packages.txt")
