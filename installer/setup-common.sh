# Shared by the README's two commands (installer/start.sh and tests/run.sh): sourced, not run. Linux and macOS
# (macOS's own bash 3.2 included: no bash-4 features, no empty array expanded under set -u); Windows has
# installer/setup-common.ps1.
#   apt_install PACKAGE...   install with apt-get those not installed yet (sudo when not root; no-op without apt-get
#                            or dpkg-query: macOS, Fedora, Arch... where Qt's wheels need nothing more on a desktop)
#   choose_python            check Python >= 3.11 and set PYTHON to an interpreter pip may install into: the one
#                            given ($PYTHON), else python3, else python3.13/3.12/3.11 (macOS's own python3 is
#                            older: Homebrew's or python.org's is found by its versioned name), or a .venv beside
#                            the checkout when that Python refuses pip installs (PEP 668: Debian 12, Ubuntu 23.04
#                            and later, Homebrew)

apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 0
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "tournament_desk: installing ${missing[*]}" >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

choose_python() {
  if [ -z "${PYTHON:-}" ]; then
    local candidate
    PYTHON=python3
    for candidate in python3 python3.13 python3.12 python3.11; do
      if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
        PYTHON=$candidate
        break
      fi
    done
  fi
  if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "tournament_desk: Python 3.11 or newer is needed ($PYTHON is $("$PYTHON" --version 2>&1 || echo missing))" >&2
    exit 1
  fi
  VERSION=$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
  local in_venv managed
  in_venv=$("$PYTHON" -c 'import sys; print(int(sys.prefix != sys.base_prefix))')
  managed=$("$PYTHON" -c 'import os, sysconfig; print(int(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))')
  if [ "$in_venv" = 0 ] && [ "$managed" = 1 ]; then
    if [ ! -x .venv/bin/python ]; then
      "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null || apt_install "python$VERSION-venv"
      "$PYTHON" -m venv .venv
    fi
    PYTHON=.venv/bin/python
  fi
}

# What Qt needs on Linux: headless (offscreen, as the tests run) and on a real X11 display (Qt 6's "Qt for X11
# Requirements"), libcups2 for the printers.
QT_OFFSCREEN_LIBS=(libegl1 libgl1 libx11-6 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 libcups2)
QT_X11_LIBS=(libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-glx0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
             libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1
             libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0 libfreetype6)
