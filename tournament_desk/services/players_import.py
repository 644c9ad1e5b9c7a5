"""Players from a registration file, for Registration > Import (CSV or TRF, told by the file's content).

* :func:`read_players_file` gives one dict of player fields per row, ready for
  :meth:`~tournament_desk.services.session.EventSession.add_players` (one action, one undo step).
* :class:`RowsRefusedError` is raised when some rows are wrong: it lists each problem (line and reason) and
  carries the good rows in ``rows``, which the arbiter may choose to import without the others.

Both are the readers' own (``formats.players_trf``, ``formats.players_csv``), re-exported here so that a front
end reads a players file through the services (the GUI does not import ``formats``: an import-linter contract).
"""

from __future__ import annotations

from tournament_desk.formats.players_csv import RowsRefusedError
from tournament_desk.formats.players_trf import read_players_file

__all__ = ["RowsRefusedError", "read_players_file"]
