#!/usr/bin/env bash
# Install the program from this checkout and start it: the README's first command.
#
#   bash installer/start.sh              # the start screen: new event, open, recent events
#   bash installer/start.sh EVENT.tdesk  # that event
#
# Says plainly when the window is asked for and there is no display (and what to do). Installs the system
# libraries Qt needs that are missing (apt-get, with sudo when not root: those of a real display, and of the
# headless platform when QT_QPA_PLATFORM=offscreen), then `pip install .` (into .venv when the system's Python
# refuses pip installs) only when the checkout changed since the last install, then runs `tournament-desk` with
# the arguments given.
set -euo pipefail
here=$PWD  # the program runs from the folder the command was typed in: relative paths given to it stay right
cd "$(dirname "$0")/.."
source installer/setup-common.sh

check_display "$@"
if [ "${QT_QPA_PLATFORM:-}" = "offscreen" ]; then
  apt_install "${QT_OFFSCREEN_LIBS[@]}"
else
  apt_install "${QT_OFFSCREEN_LIBS[@]}" "${QT_X11_LIBS[@]}"
fi
choose_python
install_if_changed
case "$PYTHON" in /*) ;; */*) PYTHON="$PWD/$PYTHON" ;; esac  # .venv/bin/python, before leaving the checkout
cd "$here"
exec "$PYTHON" -m tournament_desk "$@"
