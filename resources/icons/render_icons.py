"""Render the application icon ``tournament_desk.svg`` to the PNG sizes, the Windows ``.ico`` and the macOS
``.icns`` that are committed next to it. Run after editing the SVG:

    QT_QPA_PLATFORM=offscreen python resources/icons/render_icons.py

The SVG is rasterised by Qt's own SVG renderer (QtSvg, already a dependency), so the PNGs look exactly like
the icon Qt would draw; Pillow (a development-time tool only, not a dependency of the program) packs the
PNGs into the multi-size ``.ico`` and ``.icns`` containers, because Qt cannot write either format.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SVG = HERE / "tournament_desk.svg"
SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)
ICNS_SIZES: tuple[int, ...] = (16, 32, 64, 128, 256, 512, 1024)


def png_path(size: int) -> Path:
    return HERE / f"tournament_desk_{size}.png"


def render_png(svg: Path, size: int, target: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG for Qt")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    if not image.save(str(target), "PNG"):
        raise SystemExit(f"cannot write {target}")


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for size in SIZES:
        render_png(SVG, size, png_path(size))
        print(f"wrote {png_path(size).relative_to(HERE.parent.parent)}")

    # The .ico holds every size, each rendered from the SVG (not downscaled by Pillow from 256 px).
    images = [Image.open(png_path(size)).convert("RGBA") for size in SIZES]
    ico = HERE / "tournament_desk.ico"
    images[-1].save(ico, format="ICO", sizes=[(s, s) for s in SIZES], append_images=images[:-1])
    print(f"wrote {ico.relative_to(HERE.parent.parent)}")

    # macOS wants up to 1024 px; the bigger sizes are only rendered into the .icns, not committed as PNGs.
    tmp = HERE / ".icns-tmp"
    tmp.mkdir(exist_ok=True)
    try:
        icns_images = []
        for size in ICNS_SIZES:
            target = tmp / f"{size}.png"
            render_png(SVG, size, target)
            icns_images.append(Image.open(target).convert("RGBA"))
        icns = HERE / "tournament_desk.icns"
        icns_images[-1].save(icns, format="ICNS", append_images=icns_images[:-1])
        print(f"wrote {icns.relative_to(HERE.parent.parent)}")
    finally:
        for png in tmp.glob("*.png"):
            png.unlink()
        tmp.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
