"""Team competitions: teams and their rosters, the team round robin, line-ups, board and match results, team
standings (docs/teams.md).

* :mod:`.model` — :class:`~.model.TeamRules` (an event's team settings: boards, board order, colours, match
  points, standings), :class:`~.model.Team`, :class:`~.model.TeamMatch`, :class:`~.model.Lineup`;
* :mod:`.boards` — where each board of a match is in its round (the round's games), its colours, the board's
  players and result from the home team's side;
* :mod:`.scores` — a match's game points and match points (FFE tie-break annex §2.1.2 and the event's scale);
* :mod:`.standings` — team standings with their tie-breaks, explained; the board results of each player;
* :mod:`.consistency` — what spans teams, rosters, matches, line-ups and games, checked when a file is opened.

The rules themselves (adding a team, a line-up, a board result) are transitions of
:mod:`tournament_desk.core.actions.teams`.
"""
