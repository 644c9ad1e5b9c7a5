"""Swiss variants: score-group pairing (seed 004), assisted manual pairing (seed 000 §6.6), top cut (seed 004).

* :func:`pair_next_scoregroup_round` — the platform's score-group Swiss (:mod:`core.pairing.scoregroups`).
* :func:`manual_board`, :func:`manual_candidates`, :func:`check_manual`, :func:`manual_completion`,
  :func:`store_manual_round` — the arbiter pairs by hand; absolute-rule violations are refused unless overridden
  with a reason, and the reason is written into the action's label, so it is in the undo journal and the audit
  log of the event file.
* :func:`start_top_cut`, :func:`pair_next_knockout_round`, :func:`bracket`, :func:`record_playoff` — the
  single-elimination top cut after the Swiss rounds (:mod:`core.pairing.knockout`).

Top-cut settings are event options (``EventSession.set_option``), as text:

``topcut.size``        4, 8, 16 or 32
``topcut.draw_rule``   ``higher-seed`` or ``playoff``
``topcut.after_round`` the last Swiss round; knockout stage k is event round ``after_round + k``
``topcut.seeds``       the qualified players' ids, seed 1 first, comma-separated (fixed when the cut starts)
``topcut.playoff.<stage>.<white id>``  the id of the player who advanced after a play-off (or an arbiter's
                       decision after a double forfeit)

Knockout rounds are ordinary rounds appended after the Swiss rounds (the event's round count is raised as
needed); players who did not qualify have no entry in them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.errors import PairingError, StateError, ValidationError
from tournament_desk.core.model import Bye, EventState, Game, PairingSystem, Round
from tournament_desk.core.pairing import knockout, manual, scoregroups
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import Change, EventSession
from tournament_desk.services.standings import standings

__all__ = [
    "KnockoutPairResult",
    "ManualStoreResult",
    "ScoreGroupPairResult",
    "TopCutSettings",
    "bracket",
    "check_manual",
    "manual_board",
    "manual_candidates",
    "manual_completion",
    "pair_next_knockout_round",
    "pair_next_scoregroup_round",
    "record_playoff",
    "start_top_cut",
    "store_manual_round",
    "top_cut_pdf",
    "top_cut_settings",
]


def _check_last_round_complete(state: EventState, force: bool) -> None:
    if not state.rounds or force:
        return
    last = state.round(state.last_round)
    if last.missing_results:
        boards = ", ".join(str(b) for b in last.missing_results)
        raise StateError(
            f"Round {last.number} still misses results on board(s) {boards}; enter them or confirm",
            f"La ronde {last.number} attend encore les résultats des tables {boards} ; saisissez-les ou confirmez",
        )


# -- score groups (seed 004) ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreGroupPairResult:
    change: Change
    round: Round
    pairing: scoregroups.ScoreGroupPairing

    def notes(self, lang: str = "en") -> tuple[str, ...]:
        return self.pairing.notes_fr if lang == "fr" else self.pairing.notes_en


def pair_next_scoregroup_round(session: EventSession, *, force: bool = False) -> ScoreGroupPairResult:
    """Pair the next Swiss round of a score-group event (seed 004). Refuses while results are missing unless
    ``force``, and once the top cut has started."""
    state = session.state()
    if state.event.system is not PairingSystem.SCORE_GROUP:
        raise StateError(f"This event is paired with the {state.event.system.value} system, not score groups",
                         f"Ce tournoi est apparié au système {state.event.system.value}, pas par groupes de points")
    if top_cut_settings(session) is not None:
        raise StateError("The top cut has started: pair its next round instead",
                         "Le tableau final a commencé : appariez plutôt son tour suivant")
    _check_last_round_complete(state, force)
    number = state.last_round + 1
    if number > state.event.rounds:
        raise StateError(f"The event has only {state.event.rounds} rounds",
                         f"Le tournoi n'a que {state.event.rounds} rondes")
    players = scoregroups.players_from_state(state, number)
    pairing = scoregroups.pair_round(players, number)
    games, byes = scoregroups.to_round_entries(pairing, number)
    rnd = Round(number, games, byes)
    label = (f"Pair round {number} (score groups)", f"Apparier la ronde {number} (groupes de points)")
    change = session.store_round(rnd, label=label)
    return ScoreGroupPairResult(change, rnd, pairing)


# -- manual pairing (seed 000 §6.6) -------------------------------------------------------------------------------


def manual_board(session: EventSession) -> list[manual.BoardLine]:
    return manual.pairing_board(session.state())


def manual_candidates(session: EventSession, player_id: int, taken: Sequence[int] = ()) -> list[manual.Candidate]:
    return manual.candidates(session.state(), player_id, taken)


def check_manual(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                 ) -> list[manual.ManualIssue]:
    return manual.check_manual_round(session.state(), boards, byes)


def manual_completion(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                      ) -> manual.Completion:
    return manual.find_completion(session.state(), boards, byes)


@dataclass(frozen=True, slots=True)
class ManualStoreResult:
    change: Change
    round: Round
    issues: tuple[manual.ManualIssue, ...]
    overridden: bool


def _issue_list(issues: Sequence[manual.ManualIssue], lang: str) -> str:
    return "; ".join(i.message(lang) for i in issues)


def store_manual_round(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = (),
                       reason: str | None = None, *, force: bool = False) -> ManualStoreResult:
    """Store a round paired by hand (any Swiss system; never silently: every issue is returned).

    Absolute-rule violations (rematch, player twice or left out, bye not allowed...) raise a bilingual
    :class:`PairingError` listing them, unless ``reason`` is given: the arbiter's override is then stored with
    the reason and the rules broken in the action's label (undo journal and audit log). Refuses while results
    of the last round are missing unless ``force``.
    """
    state = session.state()
    _check_last_round_complete(state, force)
    if state.event.system.is_round_robin:
        raise StateError("A round robin follows its grid; it is not paired by hand",
                         "Un toutes-rondes suit sa grille ; il ne s'apparie pas à la main")
    number = state.last_round + 1
    issues = manual.check_manual_round(state, boards, byes)
    absolute = [i for i in issues if i.absolute]
    reason = (reason or "").strip()
    if absolute and not reason:
        raise PairingError(
            f"Round {number} breaks absolute rules: {_issue_list(absolute, 'en')}. Change the pairing or override "
            "with a reason",
            f"La ronde {number} enfreint des règles absolues : {_issue_list(absolute, 'fr')}. Modifiez "
            "l'appariement ou passez outre en donnant un motif",
        )
    if any(i.code in ("unknown", "twice", "self") for i in absolute):
        raise PairingError(f"Round {number} cannot be stored: {_issue_list(absolute, 'en')}",
                           f"La ronde {number} ne peut pas être enregistrée : {_issue_list(absolute, 'fr')}")
    games = tuple(Game(number, i, w, b) for i, (w, b) in enumerate(boards, start=1))
    bye_entries = tuple(Bye(number, pid, Outcome.PAIRING_BYE) for pid in byes)
    rnd = Round(number, games, bye_entries)
    label_en, label_fr = f"Pair round {number} by hand", f"Apparier la ronde {number} à la main"
    if absolute:
        codes = ", ".join(sorted({i.code for i in absolute}))
        label_en += f" — override ({codes}): {reason}"
        label_fr += f" — dérogation ({codes}) : {reason}"
    elif reason:
        label_en += f" — {reason}"
        label_fr += f" — {reason}"
    if number > state.event.rounds:
        raise StateError(f"The event has only {state.event.rounds} rounds",
                         f"Le tournoi n'a que {state.event.rounds} rondes")
    change = session.store_round(rnd, label=(label_en, label_fr))
    return ManualStoreResult(change, rnd, tuple(issues), bool(absolute))


# -- top cut (seed 004) --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TopCutSettings:
    size: int
    draw_rule: knockout.DrawRule
    after_round: int
    seeds: tuple[int, ...]


def top_cut_settings(session: EventSession) -> TopCutSettings | None:
    """The stored top-cut settings, None when the top cut has not started."""
    opts = session.options()
    if "topcut.seeds" not in opts:
        return None
    try:
        return TopCutSettings(int(opts["topcut.size"]), knockout.DrawRule(opts["topcut.draw_rule"]),
                              int(opts["topcut.after_round"]),
                              tuple(int(x) for x in opts["topcut.seeds"].split(",") if x))
    except (KeyError, ValueError):
        raise StateError("The top-cut settings stored in the event are damaged",
                         "Les réglages du tableau final enregistrés dans le tournoi sont endommagés") from None


def start_top_cut(session: EventSession, size: int | None = None,
                  draw_rule: knockout.DrawRule | str = knockout.DrawRule.HIGHER_SEED) -> TopCutSettings:
    """Qualify the top ``size`` players of the standings (tie-breaks included) and store the top-cut settings.

    ``size`` None takes the seed's recommendation for the number of entrants (L42-46). Players who withdrew
    do not qualify; the next player in the standings takes the place.
    """
    state = session.state()
    if top_cut_settings(session) is not None:
        raise StateError("The top cut has already started", "Le tableau final a déjà commencé")
    if not state.rounds:
        raise StateError("Play the Swiss rounds before the top cut",
                         "Jouez les rondes suisses avant le tableau final")
    _check_last_round_complete(state, False)
    rule = knockout.DrawRule(draw_rule)
    entrants = len(state.players)
    if size is None:
        size = knockout.recommended_size(entrants)
        if size is None:
            raise ValidationError(f"With {entrants} entrants the documents recommend Swiss rounds only; choose a "
                                  "size to play a top cut anyway",
                                  f"Avec {entrants} inscrits la documentation recommande les rondes suisses "
                                  "seules ; choisissez une taille pour jouer un tableau final malgré tout")
    next_round = state.last_round + 1
    table = standings(state)
    qualified = [ln.player_id for ln in table.lines if state.player(ln.player_id).is_active_in(next_round)]
    if size not in knockout.SIZES:
        raise ValidationError(f"A top cut has 4, 8, 16 or 32 players, not {size}",
                              f"Un tableau final compte 4, 8, 16 ou 32 joueurs, et non {size}")
    if size > len(qualified):
        raise ValidationError(f"Only {len(qualified)} players can qualify for a top {size}",
                              f"Seuls {len(qualified)} joueurs peuvent se qualifier pour un top {size}")
    seeds = tuple(qualified[:size])
    settings = TopCutSettings(size, rule, state.last_round, seeds)
    session.set_option("topcut.size", str(size))
    session.set_option("topcut.draw_rule", rule.value)
    session.set_option("topcut.after_round", str(state.last_round))
    session.set_option("topcut.seeds", ",".join(str(s) for s in seeds),
                       label=(f"Start the top {size} after round {state.last_round}",
                              f"Lancer le top {size} après la ronde {state.last_round}"))
    return settings


def _playoffs(session: EventSession) -> dict[tuple[int, int], int]:
    out = {}
    for key, value in session.options().items():
        if key.startswith("topcut.playoff."):
            _, _, stage, white = key.split(".")
            out[(int(stage), int(white))] = int(value)
    return out


def bracket(session: EventSession) -> knockout.Bracket:
    """The bracket as far as it is played."""
    settings = top_cut_settings(session)
    if settings is None:
        raise StateError("The top cut has not started", "Le tableau final n'a pas commencé")
    state = session.state()
    stage_games = []
    for rnd in sorted(state.rounds, key=lambda r: r.number):
        if rnd.number > settings.after_round:
            stage_games.append([(g.white_id, g.black_id, g.result) for g in rnd.games])
    return knockout.build_bracket(settings.seeds, settings.draw_rule, stage_games, _playoffs(session))


@dataclass(frozen=True, slots=True)
class KnockoutPairResult:
    change: Change
    round: Round
    stage: int
    matches: int


def pair_next_knockout_round(session: EventSession) -> KnockoutPairResult:
    """Pair the next knockout stage (the higher seed has White); raises the event's round count if needed."""
    current = bracket(session)
    pairs = current.next_stage_pairs()
    if pairs is None:
        raise StateError("A match of the current knockout round has no winner yet: enter its result or play-off",
                         "Un match du tour en cours n'a pas encore de vainqueur : saisissez son résultat ou "
                         "son départage")
    if not pairs:
        raise StateError("The top cut is over: the champion is known",
                         "Le tableau final est terminé : le vainqueur est connu")
    state = session.state()
    number = state.last_round + 1
    stage = len(current.stages) + 1
    if number > state.event.rounds:
        session.update_event(rounds=number)
    games = tuple(Game(number, i, a, b) for i, (a, b) in enumerate(pairs, start=1))
    rnd = Round(number, games)
    name_en, name_fr = knockout.round_name(len(pairs), "en"), knockout.round_name(len(pairs), "fr")
    change = session.store_round(rnd, label=(f"Pair round {number}: top cut, {name_en}",
                                             f"Apparier la ronde {number} : tableau final, {name_fr}"))
    return KnockoutPairResult(change, rnd, stage, len(pairs))


def record_playoff(session: EventSession, round_number: int, board: int, winner_id: int) -> Change:
    """Enter who advanced from a drawn knockout game after the play-off (or the arbiter's decision after a
    double forfeit)."""
    settings = top_cut_settings(session)
    if settings is None or round_number <= settings.after_round:
        raise StateError(f"Round {round_number} is not a knockout round",
                         f"La ronde {round_number} n'est pas un tour du tableau final")
    game = session.state().round(round_number).game(board)
    if winner_id not in game.players():
        raise ValidationError(f"Player {winner_id} does not play on board {board} of round {round_number}",
                              f"Le joueur {winner_id} ne joue pas à la table {board} de la ronde {round_number}")
    stage = round_number - settings.after_round
    name = session.state().player(winner_id).name
    return session.set_option(f"topcut.playoff.{stage}.{game.white_id}", str(winner_id),
                              label=(f"Play-off round {round_number} board {board}: {name} advances",
                                     f"Départage ronde {round_number} table {board} : {name} se qualifie"))


def top_cut_pdf(session: EventSession, *, lang: str = "fr") -> bytes:
    """The bracket with its players' names and results, as A4 PDF bytes."""
    from tournament_desk.core.results import format_game_result
    from tournament_desk.printing.bracket_pdf import bracket_pdf

    current = bracket(session)
    state = session.state()
    names = {p.id: p.name for p in state.players}
    results = {(m.stage, m.index): format_game_result(m.result, state.event.discipline)
               for stage in current.stages for m in stage if m.result is not None}
    event = state.event
    parts = [event.place, event.start_date.isoformat() if event.start_date else "", ", ".join(event.arbiters)]
    return bracket_pdf(current, title=event.name, names=names, subtitle=" — ".join(x for x in parts if x),
                       lang=lang, results=results)
