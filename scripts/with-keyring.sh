#!/usr/bin/env bash
# Runs a command with a real, throwaway Secret Service: a private D-Bus session bus and an unlocked
# GNOME Keyring whose files live in a temporary HOME, so tests exercise the real keychain without
# touching the user's own. Without dbus-run-session or gnome-keyring-daemon the command runs plain
# (keychain tests then skip, or fail when METER_DESK_REQUIRE_KEYRING=1).
#
# Usage: bash scripts/with-keyring.sh COMMAND [ARG...]
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG...]" >&2
  exit 2
fi

missing=""
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null 2>&1 || missing="${missing:+$missing, }$tool"
done
if [ -n "$missing" ]; then
  echo "with-keyring: $missing not found; running without a keyring (apt install dbus gnome-keyring to test the real keychain)." >&2
  exec "$@"
fi

keyring_home="$(mktemp -d "${TMPDIR:-/tmp}/meterdesk-keyring.XXXXXX")"
trap 'rm -rf "$keyring_home"' EXIT
mkdir -p "$keyring_home/.local/share" "$keyring_home/.config" "$keyring_home/.cache" \
  "$keyring_home/runtime"
chmod 700 "$keyring_home/runtime"

# npm reads ~/.npmrc (here: nodedir for native builds); keep it if the command runs npm/npx.
if [ -f "${HOME:-}/.npmrc" ]; then cp "$HOME/.npmrc" "$keyring_home/.npmrc"; fi

export HOME="$keyring_home"
export XDG_DATA_HOME="$keyring_home/.local/share"
export XDG_CONFIG_HOME="$keyring_home/.config"
export XDG_CACHE_HOME="$keyring_home/.cache"
export XDG_RUNTIME_DIR="$keyring_home/runtime"

# Not exec: the trap must remove the temporary HOME afterwards. The daemon exits with the bus.
status=0
dbus-run-session -- sh -c \
  'printf x | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
  sh "$@" || status=$?
exit "$status"
