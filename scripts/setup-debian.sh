#!/usr/bin/env bash
# The system packages MeterDesk needs on Debian (12 or 13) and Ubuntu, for `npm ci` and `npm test`:
# the compiler and libsecret headers for the native modules, a keyring daemon for the keychain
# tests, Chromium and Xvfb for the browser and Electron tests, PostgreSQL for the office tests
# (each starts a throwaway cluster of its own; the package's own cluster is not used). Run once, as
# root or with sudo:
#
#   sudo bash scripts/setup-debian.sh
#
# It also checks Node: MeterDesk needs Node 20.19 or newer, which Debian 12's own nodejs (18) is
# not; it says where to get it rather than install a Node of its own choosing.
set -euo pipefail

APT_PACKAGES=(
  python3 make g++ pkg-config                  # native modules (better-sqlite3, keytar)
  libsecret-1-dev                              # keytar's keychain backend (Secret Service)
  gnome-keyring dbus dbus-x11                  # a real keychain for the tests (scripts/with-keyring.sh)
  chromium xvfb fonts-dejavu-core fontconfig   # browser tests; Electron under Xvfb
  postgresql                                   # office mode's tests: initdb + pg_ctl (test/office)
)
MIN_NODE_MAJOR=20
MIN_NODE_MINOR=19

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup-debian: all ${#APT_PACKAGES[@]} packages already installed"
else
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || {
      echo "setup-debian: not root and no sudo; install as root: ${missing[*]}" >&2
      exit 1
    }
    sudo=(sudo)
  fi
  echo "setup-debian: installing ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "setup-debian: Node $MIN_NODE_MAJOR.$MIN_NODE_MINOR+ with npm is needed. Debian 13: sudo apt install nodejs npm;" \
    "Debian 12 or Ubuntu: Node 20 or 22 from https://nodejs.org or the NodeSource packages." >&2
  exit 1
fi
version=$(node -p 'process.versions.node')
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if [ "$major" -lt "$MIN_NODE_MAJOR" ] || { [ "$major" -eq "$MIN_NODE_MAJOR" ] && [ "$minor" -lt "$MIN_NODE_MINOR" ]; }; then
  echo "setup-debian: Node $version is too old; MeterDesk needs $MIN_NODE_MAJOR.$MIN_NODE_MINOR or newer." >&2
  exit 1
fi
echo "setup-debian: node $version, npm $(npm --version): ready for npm ci"
