#!/usr/bin/env bash
# The whole test suite, from a fresh clone on a fresh machine: the README's test command, and what .ci/run runs.
#
#   bash tests/run.sh                    # every test, the PyInstaller bundle build included (about 2 minutes more)
#   bash tests/run.sh -m "not bundle"    # any pytest arguments are passed on
#
# 1. System libraries, with apt-get where there is one (with sudo when not root), only those missing:
#    - what Qt's headless "offscreen" platform loads (the GUI tests run headless): libegl1 libgl1 libx11-6
#      libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0, and libcups2 for Qt's printer plug-in (the print
#      tests print to a PDF file, but load it as on an arbiter's laptop);
#    - binutils (objdump, strip), which PyInstaller uses to build the bundle (tests/installer);
#    - Python's shared library and venv module when the system's Python lacks them (Debian ships them apart).
#    Nothing else: the printed PDFs are read back with pypdf, a pip package (no poppler).
# 2. The program and its test dependencies: python3 -m pip install -e ".[test]". A system Python that refuses
#    pip installs (PEP 668, "externally managed": Debian 12, Ubuntu 23.04 and later) gets a virtual environment
#    in .venv instead, which the next runs reuse. Set PYTHON to use another interpreter (3.11 or newer).
# 3. pytest, with Qt headless: QT_QPA_PLATFORM=offscreen python3 -m pytest "$@".
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
QT_LIBS=(libegl1 libgl1 libx11-6 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 libcups2)

apt_install() {  # apt_install PACKAGE...: install those not installed yet (no-op without apt-get)
  command -v apt-get >/dev/null 2>&1 || return 0
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "tests/run.sh: installing ${missing[*]}" >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

apt_install "${QT_LIBS[@]}" binutils

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "tests/run.sh: Python 3.11 or newer is needed ($PYTHON is $("$PYTHON" --version 2>&1 || echo missing))" >&2
  exit 1
fi
VERSION=$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')

# PyInstaller bundles Python's shared library: Debian's Python has it in a package of its own (libpython3.X).
if ! "$PYTHON" - <<'EOF'
import glob, os, sys, sysconfig
name = sysconfig.get_config_var("INSTSONAME") or ""
if ".so" not in name:  # a static Python, or not Linux: nothing to look for
    sys.exit(0)
folders = [sysconfig.get_config_var("LIBDIR") or "", *glob.glob("/usr/lib/*-linux-gnu"), "/usr/lib", "/lib"]
sys.exit(0 if any(os.path.exists(os.path.join(folder, name)) for folder in folders) else 1)
EOF
then
  apt_install "libpython$VERSION"
fi

in_venv=$("$PYTHON" -c 'import sys; print(int(sys.prefix != sys.base_prefix))')
managed=$("$PYTHON" -c 'import os, sysconfig; print(int(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))')
if [ "$in_venv" = 0 ] && [ "$managed" = 1 ]; then
  if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null || apt_install "python$VERSION-venv"
    "$PYTHON" -m venv .venv
  fi
  PYTHON=.venv/bin/python
fi

"$PYTHON" -m pip install -e ".[test]"
QT_QPA_PLATFORM=offscreen "$PYTHON" -m pytest "$@"
