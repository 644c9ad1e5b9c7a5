#!/usr/bin/env bash
# The Debian/Ubuntu package, from the PyInstaller one-folder bundle (installer/tournament_desk.spec):
#
#   bash installer/build-deb.sh [BUNDLE_DIR] [OUT_DIR]     # defaults: dist/tournament-desk and dist
#   sudo apt install ./dist/tournament-desk_<version>_<arch>.deb
#
# The package holds the bundle in /opt/tournament-desk, the command /usr/bin/tournament-desk (a symlink), the menu
# entry (installer/tournament-desk.desktop), the event file type application/x-tournament-desk (*.tdesk,
# installer/tournament-desk-mime.xml) and the icons in the hicolor theme; dpkg's triggers update the MIME, desktop
# and icon caches. Depends on the X11/XCB and printing libraries Qt's xcb platform and CUPS plug-in load, which the
# bundle does not carry (installer/setup-common.sh lists them). `apt remove tournament-desk` removes every file it
# installed; event files, settings and backups are the user's and stay.
set -euo pipefail
cd "$(dirname "$0")/.."
BUNDLE=${1:-dist/tournament-desk}
OUT=${2:-dist}
[ -x "$BUNDLE/tournament-desk" ] || { echo "build-deb: no bundle in $BUNDLE (pyinstaller installer/tournament_desk.spec)" >&2; exit 2; }
command -v dpkg-deb >/dev/null || { echo "build-deb: dpkg-deb is needed (Debian's dpkg package)" >&2; exit 2; }

VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml | head -n 1)
ARCH=$(dpkg --print-architecture 2>/dev/null || echo amd64)
ROOT=$(mktemp -d)
chmod 755 "$ROOT"  # mktemp makes it 0700: the package's "./" entry
trap 'rm -rf "$ROOT"' EXIT

install -d "$ROOT/opt" "$ROOT/usr/bin" "$ROOT/DEBIAN"
cp -a "$BUNDLE" "$ROOT/opt/tournament-desk"
ln -s /opt/tournament-desk/tournament-desk "$ROOT/usr/bin/tournament-desk"
install -Dm644 installer/tournament-desk.desktop "$ROOT/usr/share/applications/tournament-desk.desktop"
install -Dm644 installer/tournament-desk-mime.xml "$ROOT/usr/share/mime/packages/tournament-desk.xml"
for size in 16 32 48 64 128 256; do
  install -Dm644 "resources/icons/tournament_desk_$size.png" \
    "$ROOT/usr/share/icons/hicolor/${size}x${size}/apps/tournament-desk.png"
  install -Dm644 "resources/icons/tournament_desk_$size.png" \
    "$ROOT/usr/share/icons/hicolor/${size}x${size}/mimetypes/application-x-tournament-desk.png"
done
install -Dm644 resources/icons/tournament_desk.svg "$ROOT/usr/share/icons/hicolor/scalable/apps/tournament-desk.svg"
install -Dm644 resources/icons/tournament_desk.svg \
  "$ROOT/usr/share/icons/hicolor/scalable/mimetypes/application-x-tournament-desk.svg"
find "$ROOT/opt" -type d -exec chmod 755 {} +
find "$ROOT/opt" -type f -exec chmod u+rw,go+r,go-w {} +

SIZE=$(du -sk --exclude=DEBIAN "$ROOT" | cut -f1)
cat > "$ROOT/DEBIAN/control" <<CONTROL
Package: tournament-desk
Version: $VERSION
Architecture: $ARCH
Maintainer: tournament_desk developers <tournament-desk@localhost>
Installed-Size: $SIZE
Section: games
Priority: optional
Depends: libc6 (>= 2.31), libegl1, libgl1, libx11-6, libx11-xcb1, libxcb1, libxcb-cursor0, libxcb-glx0, libxcb-icccm4, libxcb-image0, libxcb-keysyms1, libxcb-randr0, libxcb-render0, libxcb-render-util0, libxcb-shape0, libxcb-shm0, libxcb-sync1, libxcb-util1, libxcb-xfixes0, libxcb-xkb1, libxkbcommon0, libxkbcommon-x11-0, libfontconfig1, libfreetype6, libdbus-1-3, libglib2.0-0 | libglib2.0-0t64, libcups2 | libcups2t64
Recommends: shared-mime-info, desktop-file-utils
Description: offline tournament manager for arbiters and club secretaries
 Registration, round-robin and Swiss pairings, result entry, standings with
 tie-breaks, federation ratings, printed documents and the homologation
 bundle, for chess, draughts, Scrabble and other games. Each event is one
 .tdesk file; the program needs no network.
CONTROL
OUTFILE="$OUT/tournament-desk_${VERSION}_${ARCH}.deb"
mkdir -p "$OUT"
dpkg-deb --root-owner-group -Zgzip "-z${TDESK_DEB_LEVEL:-9}" --build "$ROOT" "$OUTFILE" >/dev/null  # 1: fast (tests)
echo "$OUTFILE"
