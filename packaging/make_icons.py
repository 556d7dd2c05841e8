"""Draw FiveFoot's application icon at every size the Linux desktop wants (run once; PNGs are committed).

The icon: a parchment square with a 5-ft grid, a red token and a blue token joined by a dashed move
path — the app in one picture. Usage: ``QT_QPA_PLATFORM=offscreen python packaging/make_icons.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QImage, QPainter, QPen

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
OUT = Path(__file__).resolve().parent / "icons"


def draw(size: int) -> QImage:
    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 64.0
    p.scale(s, s)
    p.setPen(QPen(QColor("#3b2f22"), 2.5))
    p.setBrush(QBrush(QColor("#efe2c2")))
    p.drawRoundedRect(QRectF(3, 3, 58, 58), 10, 10)
    if size >= 24:
        p.setPen(QPen(QColor(90, 70, 45, 110), 1.0))
        for i in range(1, 4):
            v = 3 + i * 14.5
            p.drawLine(QPointF(v, 6), QPointF(v, 58))
            p.drawLine(QPointF(6, v), QPointF(58, v))
    dash = QPen(QColor("#2d6a4f"), 3.0, Qt.PenStyle.DashLine)
    dash.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(dash)
    p.drawLine(QPointF(17, 47), QPointF(47, 17))
    for centre, fill in ((QPointF(17, 47), "#1f5fa8"), (QPointF(47, 17), "#b3261e")):
        p.setPen(QPen(QColor("#1b1b1b"), 2.0))
        p.setBrush(QBrush(QColor(fill)))
        p.drawEllipse(centre, 9.5, 9.5)
    p.end()
    return img


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)
    OUT.mkdir(exist_ok=True)
    for size in SIZES:
        draw(size).save(str(OUT / f"fivefoot-{size}.png"))
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
