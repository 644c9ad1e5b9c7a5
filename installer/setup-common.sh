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
#   check_display ARG...     start.sh: when the window is asked for (no argument, or one EVENT.tdesk) on Linux/BSD
#                            with no display (no DISPLAY nor WAYLAND_DISPLAY, no QT_QPA_PLATFORM), say so plainly
#                            and what to do, and stop (Qt's own message blames a library that is installed)
#   install_if_changed       start.sh: `pip install .` into $PYTHON's environment unless this checkout is installed
#                            there already and no file the install is made of changed since (a stamp in build/)

apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 0
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=() package installed
  # one dpkg-query for all (about 10 ms, where one per package cost a third of a second at each start)
  installed=" $(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null | grep " install ok installed$" \
                | cut -d' ' -f1 | cut -d: -f1 | tr '\n' ' ' || true)"
  for package in "$@"; do
    case "$installed" in *" $package "*) ;; *) missing+=("$package") ;; esac
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "tournament_desk: installing ${missing[*]}" >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

_python_facts() {  # one interpreter start: "<3.11 or newer: 1/0> <X.Y> <in a venv: 1/0> <externally managed: 1/0>"
  # -S: without the site module (the installed packages' .pth files cost more than the rest of the start), so a
  # venv is told by its pyvenv.cfg, one folder above the interpreter, as Python itself finds it
  "$1" -S -c 'import os, sys, sysconfig
venv = os.path.exists(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(sys.executable))), "pyvenv.cfg"))
managed = os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
print(int(sys.version_info >= (3, 11)), "%d.%d" % sys.version_info[:2], int(venv), int(managed))
' 2>/dev/null
}

choose_python() {
  local facts="" candidate
  if [ -n "${PYTHON:-}" ]; then
    facts=$(_python_facts "$PYTHON" || true)
  else
    PYTHON=python3
    for candidate in python3 python3.13 python3.12 python3.11; do
      facts=$(_python_facts "$candidate" || true)
      case "$facts" in "1 "*) PYTHON=$candidate; break ;; esac
    done
  fi
  case "$facts" in
    "1 "*) ;;
    *) echo "tournament_desk: Python 3.11 or newer is needed ($PYTHON is $("$PYTHON" --version 2>&1 || echo missing))" >&2
       exit 1 ;;
  esac
  set -- $facts
  VERSION=$2
  if [ "$3" = 0 ] && [ "$4" = 1 ]; then
    if [ ! -x .venv/bin/python ]; then
      "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null || apt_install "python$VERSION-venv"
      "$PYTHON" -m venv .venv
    fi
    PYTHON=.venv/bin/python
  fi
}

check_display() {
  [ -n "${QT_QPA_PLATFORM:-}" ] && return 0  # a platform chosen on purpose (offscreen, wayland, vnc...)
  [ "$(uname -s)" = Darwin ] && return 0     # macOS: Cocoa, no X display involved
  if [ $# -gt 1 ] || { [ $# -eq 1 ] && [ "${1%.tdesk}" = "$1" ]; }; then
    return 0  # a subcommand: the command line needs no display
  fi
  [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] && return 0
  cat >&2 <<'NODISPLAY'
tournament_desk: there is no display to show the window on (neither DISPLAY nor WAYLAND_DISPLAY is set: a
terminal outside a desktop session, such as ssh, a container or a text console).
  - To use the program, run this command in a terminal of your desktop session (or over ssh -X).
  - To check only that it starts, without a window: QT_QPA_PLATFORM=offscreen bash installer/start.sh
  - The command line needs no display: bash installer/start.sh --help
NODISPLAY
  exit 3
}

install_if_changed() {
  local answer stamp changed
  # this interpreter's environment, and whether this checkout is what is installed there, in one call (-P: this
  # folder not on the path, or the source tree would be found instead of the install)
  answer=$("$PYTHON" -P - "$PWD" <<'PYEOF'
import json, os, sys
from importlib import metadata
from urllib.parse import unquote, urlparse
try:
    url = json.loads(metadata.distribution("tournament-desk").read_text("direct_url.json") or "{}").get("url", "")
    path = unquote(urlparse(url).path) if url.startswith("file:") else ""
    same = bool(path) and os.path.exists(path) and os.path.samefile(path, sys.argv[1])
except metadata.PackageNotFoundError:
    same = False
print(int(same), sys.prefix)
PYEOF
)
  stamp="build/start/$(printf '%s' "${answer#* }" | cksum | cut -d' ' -f1).stamp"
  if [ -f "$stamp" ] && [ "${answer%% *}" = 1 ]; then
    # the first changed file only (-quit: no pipe into head, whose early exit would fail the pipeline under
    # pipefail when many files changed)
    changed=$(find pyproject.toml README.md tournament_desk resources docs/rules.md -name __pycache__ -prune \
              -o -newer "$stamp" -print -quit 2>/dev/null || true)
    [ -z "$changed" ] && return 0
  fi
  mkdir -p build/start
  touch "$stamp.new"  # before the install: a file changed while pip runs is seen at the next start
  "$PYTHON" -m pip install -q .
  mv "$stamp.new" "$stamp"
}

# What Qt needs on Linux: headless (offscreen, as the tests run) and on a real X11 display (Qt 6's "Qt for X11
# Requirements"), libcups2 for the printers.
QT_OFFSCREEN_LIBS=(libegl1 libgl1 libx11-6 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 libcups2)
QT_X11_LIBS=(libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-glx0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
             libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1
             libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0 libfreetype6)
