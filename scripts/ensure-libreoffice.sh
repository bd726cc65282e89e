#!/usr/bin/env bash
# Installs Debian's LibreOffice Writer (headless) and a CJK font, used to convert .docx to PDF,
# when running as root and soffice is missing. Never fatal: the tests that need it fail clearly.
set -u
if command -v soffice >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "soffice not found and not root: .docx to PDF tests will fail until LibreOffice is installed" >&2
  exit 0
fi
echo "Installing libreoffice-writer-nogui and fonts-wqy-microhei..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends libreoffice-writer-nogui fonts-wqy-microhei >/dev/null 2>&1 \
  || echo "warning: could not install LibreOffice" >&2
exit 0
