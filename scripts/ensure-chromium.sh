#!/usr/bin/env bash
# Installs Debian's chromium and a CJK font for the browser tests when running as root
# and they are missing. Never fatal: browser tests report clearly when chromium is absent.
set -u
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium not found and not root: browser tests will fail until it is installed" >&2
  exit 0
fi
echo "Installing Debian chromium and fonts-wqy-microhei for browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends chromium fonts-wqy-microhei >/dev/null 2>&1 \
  || echo "warning: could not install chromium" >&2
exit 0
