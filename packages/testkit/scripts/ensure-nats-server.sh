#!/usr/bin/env bash
# Makes sure a nats-server binary (2.9 or later, with JetStream) is available for the relay's tests: $NATS_SERVER,
# PATH, or Debian's /usr/sbin. Where it is missing, installs Debian's nats-server with apt-get when running as root
# with apt; otherwise stops with a message saying how to get one.
set -euo pipefail

found() {
  local candidate
  for candidate in "${NATS_SERVER:-}" nats-server /usr/sbin/nats-server /usr/bin/nats-server; do
    [ -n "$candidate" ] || continue
    if "$candidate" --version >/dev/null 2>&1; then
      echo "nats-server: $("$candidate" --version) ($candidate)"
      return 0
    fi
  done
  return 1
}

found && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nats-server not found: installing Debian's nats-server with apt-get" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
  found && exit 0
fi

cat >&2 <<'MESSAGE'
nats-server was not found, and it could not be installed here (needs root and apt-get).
Install it, then run the tests again:
  Debian/Ubuntu:  sudo apt-get install nats-server
  macOS:          brew install nats-server
  elsewhere:      https://github.com/nats-io/nats-server/releases (put the binary on PATH,
                  or point NATS_SERVER at it)
MESSAGE
exit 1
