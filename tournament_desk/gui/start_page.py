"""The start screen, shown when no event is open: new event, open, open from a homologation bundle, and the recent
events (the last one selected, so that Enter reopens it). Nothing is created until the arbiter asks for it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.formatting import is_singular
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.paths import describe_event_files


class _RecentList(QListWidget):
    """Enter or Return opens the selected event."""

    def __init__(self, on_open: Callable[[], None]) -> None:
        super().__init__()
        self._on_open = on_open

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._on_open()
            return
        super().keyPressEvent(event)


class StartPage(QWidget):
    def __init__(self, on_new: Callable[[], object], on_open_dialog: Callable[[], object],
                 on_open_path: Callable[[Path], object], on_open_bundle: Callable[[], object] | None = None) -> None:
        super().__init__()
        self._on_open_path = on_open_path
        outer = QHBoxLayout(self)
        panel = QWidget()
        panel.setMaximumWidth(820)
        panel.setMinimumWidth(520)
        outer.addWidget(panel, 4)
        outer.addStretch(1)
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(48, 36, 48, 36)
        layout.setSpacing(12)
        self.title = QLabel("tournament_desk")
        font = QFont(self.title.font())
        font.setPointSize(font.pointSize() + 8)
        font.setBold(True)
        self.title.setFont(font)
        layout.addWidget(self.title)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        layout.addWidget(self.subtitle)
        buttons = QHBoxLayout()
        self.new_button = QPushButton()
        self.new_button.clicked.connect(lambda: on_new())
        self.open_button = QPushButton()
        self.open_button.clicked.connect(lambda: on_open_dialog())
        self.bundle_button = QPushButton()
        self.bundle_button.clicked.connect(lambda: on_open_bundle() if on_open_bundle is not None else None)
        self.bundle_button.setVisible(on_open_bundle is not None)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.bundle_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.recent_label = QLabel()
        layout.addWidget(self.recent_label)
        self.recent = _RecentList(self.open_selected)
        self.recent.itemActivated.connect(lambda _item: self.open_selected())
        self.recent_label.setBuddy(self.recent)
        self.recent.setAlternatingRowColors(True)
        layout.addWidget(self.recent, 3)
        row = QHBoxLayout()
        row.addStretch(1)
        self.reopen_button = QPushButton()
        self.reopen_button.clicked.connect(lambda: self.open_selected())
        row.addWidget(self.reopen_button)
        layout.addLayout(row)
        self.empty = QLabel()
        layout.addWidget(self.empty)
        layout.addStretch(1)
        self._paths: list[Path] = []

    def retranslate(self, t: Translator) -> None:
        self.subtitle.setText(t("Pairings, results, standings and homologation, without internet. Start a new "
                                "event, or open one."))
        self.new_button.setText(t("&New event…"))
        self.open_button.setText(t("&Open…"))
        self.bundle_button.setText(t("Open from a homologation b&undle…"))
        self.recent_label.setText(t("&Recent events:"))
        self.reopen_button.setText(t("Open the &selected event"))
        self.empty.setText(t("No recent event yet."))
        self._t = t
        self.fill(self._paths)

    def fill(self, paths: list[Path]) -> None:
        """List the recent events that still exist, the most recent first and selected."""
        t = getattr(self, "_t", None)
        self.recent.clear()
        summaries = describe_event_files(paths)
        self._paths = [s.path for s in summaries]
        for s in summaries:
            if t is not None:
                players = (t("{n} player", n=s.players) if is_singular(s.players, t.lang)
                           else t("{n} players", n=s.players))
                detail = t("{players}, round {paired} of {rounds}", players=players, paired=s.rounds_paired,
                           rounds=s.rounds) if s.rounds_paired else t("{players}, not started", players=players)
            else:
                detail = ""
            item = QListWidgetItem(f"{s.name} — {detail}\n{s.path}")
            item.setData(Qt.ItemDataRole.UserRole, str(s.path))
            self.recent.addItem(item)
        has = bool(summaries)
        self.recent.setVisible(has)
        self.recent_label.setVisible(has)
        self.reopen_button.setVisible(has)
        self.empty.setVisible(not has)
        if has:
            self.recent.setCurrentRow(0)

    def selected_path(self) -> Path | None:
        item = self.recent.currentItem()
        return Path(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def open_selected(self) -> None:
        path = self.selected_path()
        if path is not None:
            self._on_open_path(path)

    def focus_main(self) -> None:
        (self.recent if self.recent.count() else self.new_button).setFocus()
