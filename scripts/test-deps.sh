#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: Debian's Chromium for Playwright.
# Playwright never downloads a browser of its own here.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  echo "test-deps: Chromium present at $chromium"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "test-deps: Chromium is missing; install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "test-deps: installing Chromium from Debian's packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
"$chromium" --version
