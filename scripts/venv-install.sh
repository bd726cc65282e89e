#!/usr/bin/env bash
# The project's venv and its pinned requirements (Makefile).
#   venv-install.sh venv PYTHON VENV          create VENV with uv beside it (VENV/uv), or with pip
#   venv-install.sh install PYTHON VENV FILE  install the requirements FILE into VENV
# uv comes from requirements-uv.txt (one version, its wheels' hashes), installed by PYTHON's own pip into VENV/uv;
# it installs the same pinned requirements as pip (the same versions: docs/decisions/test-suite.md, stop 38)
# and downloads them in parallel. Without a pip in PYTHON, or when uv cannot be installed, the venv gets pip
# (ensurepip) and pip installs, as before.
set -euo pipefail
action=$1 python=$2 venv=$3
uv="$venv/uv/bin/uv"
case "$action" in
  venv)
    "$python" -m venv --without-pip "$venv"
    if ! "$python" -m pip install --quiet --root-user-action=ignore --no-deps --require-hashes --target "$venv/uv" -r requirements-uv.txt \
        || ! "$uv" --version >/dev/null 2>&1; then
      echo "uv could not be installed: the venv gets pip" >&2
      rm -rf "$venv/uv"
      "$venv/bin/python" -m ensurepip --upgrade >/dev/null
      "$venv/bin/python" -m pip install --quiet --upgrade pip
    fi
    ;;
  install)
    file=$4
    if [ -x "$uv" ]; then
      "$uv" pip install --quiet --python "$venv/bin/python" -r "$file"
    else
      "$venv/bin/python" -m pip install --quiet -r "$file"
    fi
    ;;
  *)
    echo "usage: $0 venv|install PYTHON VENV [REQUIREMENTS]" >&2
    exit 2
    ;;
esac
