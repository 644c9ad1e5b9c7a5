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

source installer/setup-common.sh

apt_install "${QT_OFFSCREEN_LIBS[@]}" binutils
choose_python

# PyInstaller bundles Python's shared library: Debian's Python has it in a package of its own (libpython3.X).
if ! "$PYTHON" - <<'PYEOF'
import glob, os, sys, sysconfig
name = sysconfig.get_config_var("INSTSONAME") or ""
if ".so" not in name:  # a static Python, or not Linux: nothing to look for
    sys.exit(0)
folders = [sysconfig.get_config_var("LIBDIR") or "", *glob.glob("/usr/lib/*-linux-gnu"), "/usr/lib", "/lib"]
sys.exit(0 if any(os.path.exists(os.path.join(folder, name)) for folder in folders) else 1)
PYEOF
then
  apt_install "libpython$VERSION"
fi

"$PYTHON" -m pip install -e ".[test]"
QT_QPA_PLATFORM=offscreen "$PYTHON" -m pytest "$@"
