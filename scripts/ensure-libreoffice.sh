#!/usr/bin/env bash
# Installs Debian's LibreOffice Writer (headless, no GUI) and a CJK font when running as root and
# they are missing. The export tests convert every exported .docx to PDF with it. Never fatal:
# without it those tests fail with a message naming this script.
set -u
need=()
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-writer-nogui)
if command -v fc-list >/dev/null 2>&1; then
  fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-wqy-microhei)
elif ! dpkg -s fonts-wqy-microhei >/dev/null 2>&1; then
  need+=(fonts-wqy-microhei)
fi
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "missing ${need[*]} and not root: install them (apt-get install ${need[*]}); the export tests need LibreOffice" >&2
  exit 0
fi
echo "Installing ${need[*]} for the contract export tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 \
  || echo "warning: could not install ${need[*]}" >&2
exit 0
