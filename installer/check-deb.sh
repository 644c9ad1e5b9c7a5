#!/usr/bin/env bash
# Install the Debian package for real, open an event with it as a desktop does, and remove it again:
#
#   bash installer/check-deb.sh dist/tournament-desk_<version>_<arch>.deb     # root, or sudo without a password
#
# 1. `apt-get install ./PACKAGE.deb` (its dependencies from the distribution); the menu entry, the MIME type of
#    *.tdesk and the icons are registered by dpkg's triggers.
# 2. Headless (QT_QPA_PLATFORM=offscreen, a fresh HOME): `tournament-desk --version`; an event made with the
#    installed command; its file's type as the desktop sees it (`gio`, where installed) and the application
#    registered for that type; then the desktop entry's Exec line run on the file (what a double-click runs),
#    which must show the main window with that event and no error box (TDESK_STARTUP_PROBE, the bundle
#    launcher's start-up report) and its time; then the command with no argument (the start screen, as the menu
#    entry and launch-smoke start it): the main window alone.
# 3. `apt-get remove`: no file of the package may remain (/opt/tournament-desk, the command, the entry, the type);
#    the event file is the user's and stays.
# Used by the CI workflow's Linux job; docs/install.md records a run on Debian 12.
set -euo pipefail
DEB=$(realpath "${1:?usage: installer/check-deb.sh PACKAGE.deb}")
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "check-deb: $*" >&2; exit 1; }
seconds() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(seconds)
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$DEB" >/dev/null
echo "check-deb: installed in $(since "$t0") s ($(dpkg-query -W -f='${Installed-Size}' tournament-desk) KiB)"
[ -x /usr/bin/tournament-desk ] || fail "no /usr/bin/tournament-desk"

export HOME="$WORK/home" QT_QPA_PLATFORM=offscreen TDESK_LANG=en
mkdir -p "$HOME"
cd "$WORK"
/usr/bin/tournament-desk --version
/usr/bin/tournament-desk new "Open de Lyon.tdesk" --name "Open de Lyon" --system round-robin --rounds 3 >/dev/null
if command -v gio >/dev/null; then
  kind=$(gio info -a standard::content-type "Open de Lyon.tdesk" | sed -n 's/.*content-type: //p')
  [ "$kind" = application/x-tournament-desk ] || fail "the event file's type is '$kind'"
  handlers=$(gio mime "$kind")  # (not piped into grep -q: under pipefail, gio's broken pipe would fail it)
  case "$handlers" in *tournament-desk.desktop*) ;; *) fail "no application registered for $kind: $handlers";; esac
  echo "check-deb: *.tdesk is $kind, opened by tournament-desk.desktop"
fi
grep -q "^application/x-tournament-desk=.*tournament-desk.desktop" /usr/share/applications/mimeinfo.cache \
  || fail "the desktop database does not list tournament-desk.desktop for application/x-tournament-desk"
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/tournament-desk.desktop)
command=${exec_line%% *}
t0=$(seconds)
# the system's PATH, as a desktop session has it (not a developer's, where pyenv or a venv may come first), and a
# time limit: a program that never shows its window must fail the check, not hang it
TDESK_STARTUP_PROBE="$WORK/probe.json" PATH=/usr/local/bin:/usr/bin:/bin timeout 120 "$command" \
  "$WORK/Open de Lyon.tdesk" 2>"$WORK/stderr" || fail "the program failed: $(cat "$WORK/stderr")"
wall=$(since "$t0")
grep -q '"kind": "main window", "title": "Open de Lyon' "$WORK/probe.json" || fail "not shown: $(cat "$WORK/probe.json")"
grep -q '"message box"' "$WORK/probe.json" && fail "an error box came up: $(cat "$WORK/probe.json")"
echo "check-deb: '$exec_line' on the event showed its window ($(cat "$WORK/probe.json")); ${wall} s in all"

# and with no argument, as the menu entry starts it (a fresh home: nothing remembered): the main window alone
TDESK_STARTUP_PROBE="$WORK/probe0.json" PATH=/usr/local/bin:/usr/bin:/bin timeout 120 tournament-desk \
  2>"$WORK/stderr" || fail "the program failed: $(cat "$WORK/stderr")"
grep -q '"shown": \[{"kind": "main window", "title": "[^"]*"}\]' "$WORK/probe0.json" \
  || fail "with no argument: $(cat "$WORK/probe0.json")"
echo "check-deb: 'tournament-desk' with no argument showed the main window alone ($(cat "$WORK/probe0.json"))"

t0=$(seconds)
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq tournament-desk >/dev/null
echo "check-deb: removed in $(since "$t0") s"
for path in /opt/tournament-desk /usr/bin/tournament-desk /usr/share/applications/tournament-desk.desktop \
            /usr/share/mime/packages/tournament-desk.xml /usr/share/mime/application/x-tournament-desk.xml; do
  [ ! -e "$path" ] && [ ! -L "$path" ] || fail "$path is still there after apt-get remove"
done
[ -z "$(find /usr/share/icons/hicolor -name '*tournament-desk*' -print -quit)" ] || fail "icons left behind"
[ -f "$WORK/Open de Lyon.tdesk" ] || fail "the event file is gone"
echo "check-deb: nothing of the package is left; the event file is kept"
