"""Issue 32 §3: the recent events (QSettings "recent") with Windows paths: drive letters, backslashes, UNC shares,
any case. Windows' path rules are Python's ``ntpath`` (``os.path`` on Windows), passed explicitly here; the
settings file is Qt's INI format, which is what QSettings writes on Linux and what it would use for a portable
install (the registry on Windows stores the strings as given)."""

from __future__ import annotations

import ntpath
from pathlib import Path

from PySide6.QtCore import QSettings

from tournament_desk.gui.window_files import MAX_RECENT, forget_recent, remember_recent

C_OPEN = r"C:\Users\marie\Documents\Tournament Desk\Open de Lyon.tdesk"


def test_one_file_is_listed_once_whatever_its_spelling() -> None:
    recent = [r"c:/users/MARIE/documents/tournament desk/open de lyon.tdesk", r"D:\Clubs\coupe.tdesk",
              r"\\club-pc\partage\Tournois\open.tdesk"]
    after = remember_recent(recent, C_OPEN, flavour=ntpath)
    assert after == [C_OPEN, r"D:\Clubs\coupe.tdesk", r"\\club-pc\partage\Tournois\open.tdesk"]
    assert remember_recent(after, r"\\CLUB-PC\partage\tournois\.\OPEN.tdesk", flavour=ntpath)[1:] == [
        C_OPEN, r"D:\Clubs\coupe.tdesk"]
    assert forget_recent(after, r"d:\clubs\..\Clubs\COUPE.TDESK", flavour=ntpath) == [
        C_OPEN, r"\\club-pc\partage\Tournois\open.tdesk"]
    # a drive letter is part of the file: C: and D: are two files
    assert len(remember_recent([r"C:\a.tdesk"], r"D:\a.tdesk", flavour=ntpath)) == 2


def test_posix_paths_keep_their_case() -> None:
    recent = remember_recent(["/home/marie/Open.tdesk"], "/home/marie/open.tdesk")
    assert recent == ["/home/marie/open.tdesk", "/home/marie/Open.tdesk"]
    assert len(remember_recent([f"/e/{i}.tdesk" for i in range(20)], "/e/new.tdesk")) == MAX_RECENT


def test_windows_paths_survive_the_settings_file(tmp_path: Path) -> None:
    ini = str(tmp_path / "tournament_desk.ini")
    paths = [C_OPEN, r"\\club-pc\partage\Tournois\open.tdesk", r"E:\clé USB\Coupe d'été #2 (100%).tdesk"]
    written = QSettings(ini, QSettings.Format.IniFormat)
    written.setValue("recent", paths)
    written.setValue("one", paths[0])
    written.sync()
    assert written.status() == QSettings.Status.NoError
    read = QSettings(ini, QSettings.Format.IniFormat)
    value = read.value("recent")
    assert [str(v) for v in value] == paths
    assert read.value("one") == paths[0]
