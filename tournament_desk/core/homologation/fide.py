"""FIDE rating of a chess event: the FIDE Rating Regulations, FIDE Handbook B.02 effective 1 March 2024 (approved
by the FIDE Council on 15/12/2023, §8.3.1 amended from 1 October 2025), https://handbook.fide.com/chapter/B022024;
for the rapid and blitz limits, the FIDE Rapid and Blitz Rating Regulations effective 1 March 2024 (B.02 RB),
https://handbook.fide.com/chapter/B02RBRegulations2024. docs/rules.md §11 quotes each article used.

One function per rule; each returns a :class:`HomologationCheck` citing its article. The rating change itself
(§8.2, §8.3) is ``core.ratings.fide`` and the event's preview ``from_event.fide_preview``.
"""

from __future__ import annotations

import datetime as dt

from tournament_desk.core.formatting import format_date, format_number, format_score
from tournament_desk.core.homologation.common import HomologationCheck, entrants, names
from tournament_desk.core.messages import Formatted, Msg, listing, msg
from tournament_desk.core.model import EventState, Player, Sex
from tournament_desk.core.ratings.fide import minimum_minutes
from tournament_desk.core.ratings.from_event import fide_games, fide_minutes, fide_rating
from tournament_desk.core.sources import FIDE_B02, FIDE_B02_RAPID_BLITZ, cite

__all__ = [
    "CHECKS", "arbiter", "fide_ids", "games_against_unrated", "hours_per_day", "long_event", "match",
    "minutes_for_60_moves", "rate_of_play", "registration", "reporting", "unplayed_games", "unrated_players",
]

B02, B02RB = FIDE_B02, FIDE_B02_RAPID_BLITZ
DAY_MINUTES_MAX = 12 * 60
"""B.02 §3: no more than 12 hours of play in one day, counted on games of 60 moves."""


def minutes_for_60_moves(state: EventState) -> int:
    """Each player's time for a game of 60 moves: base + 60 × increment (B.02 §1.1 "assuming the game lasts 60
    moves"; the formula of B.02 RB §1.1.1)."""
    return fide_minutes(state)


def registration(state: EventState) -> HomologationCheck:
    """B.02 §0.2 (as amended by the FIDE Council, effective immediately, fide.com/news/2818 of 25 December 2023):
    the tournament and its playing
    schedule are registered "not later than 30 days before the tournament starts, if one of the players in the
    tournament is rated in excess of 2700, or a female player rated in excess of 2500", "otherwise, three days
    before the tournament starts"."""
    rule = cite(B02, "§0.2")
    players = entrants(state)
    top = [p for p in players if (fide_rating(p) or 0) > 2700
           or (p.sex is Sex.FEMALE and (fide_rating(p) or 0) > 2500)]
    days = 30 if top else 3
    who = names(top, 3)
    start = state.event.start_date
    if start is None:
        text = (msg("The tournament is registered with FIDE at least {days} days before it starts ({who} rated over "
                    "2700, or over 2500 for a woman) (§0.2); no start date is set.", days=days, who=who) if top else
                msg("The tournament is registered with FIDE at least {days} days before it starts (§0.2); no start "
                    "date is set.", days=days))
        return HomologationCheck("registration", "info", text, rule=rule)
    last = Formatted(start - dt.timedelta(days=days), format_date)
    text = (msg("Register the tournament and its schedule with FIDE by {last}, {days} days before it starts ({who} "
                "rated over 2700, or over 2500 for a woman) (§0.2).", last=last, days=days, who=who) if top else
            msg("Register the tournament and its schedule with FIDE by {last}, {days} days before it starts (§0.2).",
                last=last, days=days))
    return HomologationCheck("registration", "info", text, rule=rule)


def rate_of_play(state: EventState) -> HomologationCheck:
    """B.02 §1.1: "For a game to be rated each player must at the start of the game have the following minimum
    periods in which to complete all the moves, assuming the game lasts 60 moves": 120 minutes when a player of
    the game is rated 2400 or more, 90 when one is rated 1800 or more, 60 when both are below 1800. Below 60
    minutes the games belong to the rapid (more than 10, less than 60) or blitz (more than 3, at most 10) lists
    (B.02 RB §1.1.1-1.1.2): the rating report is that list's (info). The first time control's number of moves
    (at least 30, §1.2) is not recorded."""
    tc = state.event.time_control
    t = minutes_for_60_moves(state)
    players = entrants(state)
    if t < 60:
        if t > 10:
            rule = (cite(B02, "§1.1"), cite(B02RB, "§1.1.1"))
            text = msg("Time control {tc}: {t} minutes per player for 60 moves, less than the 60 the standard list "
                       "needs (§1.1): the games are rapid games, rated on the FIDE rapid list under the Rapid and "
                       "Blitz Rating Regulations; the rating report of this bundle is the rapid list's (the players' "
                       "FIDE rating in the event is taken as their rapid rating).", tc=tc, t=t)
        elif t > 3:
            rule = (cite(B02, "§1.1"), cite(B02RB, "§1.1.2"))
            text = msg("Time control {tc}: {t} minutes per player for 60 moves, less than the 60 the standard list "
                       "needs (§1.1): the games are blitz games, rated on the FIDE blitz list under the Rapid and "
                       "Blitz Rating Regulations; the rating report of this bundle is the blitz list's (the players' "
                       "FIDE rating in the event is taken as their blitz rating).", tc=tc, t=t)
        else:
            return HomologationCheck(
                "rate-of-play", "error",
                msg("Time control {tc}: {t} minute(s) per player for 60 moves; no FIDE list rates games of 3 "
                    "minutes or less (B.02 RB §1.1.2).", tc=tc, t=t), rule=cite(B02RB, "§1.1.2"))
        return HomologationCheck("rate-of-play", "info", text, rule=rule)
    rule = cite(B02, "§1.1")
    threshold = 1800 if t < 90 else 2400 if t < 120 else None
    if threshold is None:
        return HomologationCheck(
            "rate-of-play", "ok",
            msg("Time control {tc}: {t} minutes per player for 60 moves (120 or more): every game can be rated "
                "(§1.1). If the first time control has a number of moves, it must be at least 30 (§1.2): check it.",
                tc=tc, t=t), rule=rule)
    need = minimum_minutes(threshold, None)
    too_strong = [p for p in players if minimum_minutes(fide_rating(p), None) > t]
    if not too_strong:
        return HomologationCheck(
            "rate-of-play", "ok",
            msg("Time control {tc}: {t} minutes per player for 60 moves; no player is rated {threshold} or more, "
                "so every game can be rated (§1.1: {need} minutes needed from {threshold}).", tc=tc, t=t,
                threshold=threshold, need=need), rule=rule)
    ratings = {p.id: fide_rating(p) for p in state.players}
    lost = sum(1 for r in state.rounds for g in r.games if g.result is not None and g.result.is_played
               and minimum_minutes(ratings[g.white_id], ratings[g.black_id]) > t)
    level = "error" if len(too_strong) == len(players) else "warning"
    return HomologationCheck(
        "rate-of-play", level,
        msg("Time control {tc}: {t} minutes per player for 60 moves, less than the {need} a game with a player "
            "rated {threshold} or more needs (§1.1): the games of {n_too_strong} player(s) will not be rated: "
            "{names} ({lost} such game(s) played so far, left out of the rating report).", tc=tc, t=t, need=need,
            threshold=threshold, n_too_strong=len(too_strong), names=names(too_strong), lost=lost), rule=rule)


def hours_per_day(state: EventState) -> HomologationCheck:
    """B.02 §3: no more than 12 hours of play in one day, counted on games of 60 moves (a game lasts both
    players' time, 2 × (base + 60 × increment)); for rapid and blitz games B.02 RB §3.1 limits the rounds instead:
    15 rapid, 30 blitz rounds a day. The event file records the first and last days, not the schedule: the
    busiest day has at least ⌈rounds / days⌉ rounds."""
    rule = cite(B02, "§3")
    e = state.event
    game = 2 * minutes_for_60_moves(state)
    if e.start_date is None or e.end_date is None:
        return HomologationCheck(
            "hours-per-day", "info",
            msg("No start or end date: the 12 hours of play a day (§3, {value} h a game of 60 moves) cannot be "
                "checked.", value=Formatted(game / 60, format_number)), rule=rule)
    days = (e.end_date - e.start_date).days + 1
    busiest = -(-e.rounds // days)
    hours = busiest * game / 60
    t = minutes_for_60_moves(state)
    if 3 < t < 60:  # B.02 RB §3.1: rounds per day instead of hours
        if t > 10:
            most, article = 15, "§3.1.1"
            text = msg("{rounds} rapid rounds in {days} day(s): at least {busiest} on one day; at most {most} rapid "
                       "rounds a day (B.02 RB {article}).", rounds=e.rounds, days=days, busiest=busiest, most=most,
                       article=article)
        else:
            most, article = 30, "§3.1.2"
            text = msg("{rounds} blitz rounds in {days} day(s): at least {busiest} on one day; at most {most} blitz "
                       "rounds a day (B.02 RB {article}).", rounds=e.rounds, days=days, busiest=busiest, most=most,
                       article=article)
        level = "error" if busiest > most else "ok"
        return HomologationCheck("hours-per-day", level, text, rule=cite(B02RB, article))
    if busiest * game > DAY_MINUTES_MAX:
        return HomologationCheck(
            "hours-per-day", "error",
            msg("{rounds} rounds in {days} day(s): at least {busiest} rounds on one day, {hours} hours of play "
                "({value} h a game of 60 moves), more than the 12 hours a day allowed (§3).", rounds=e.rounds,
                days=days, busiest=busiest, hours=Formatted(hours, format_number),
                value=Formatted(game / 60, format_number)), rule=rule)
    return HomologationCheck(
        "hours-per-day", "ok",
        msg("{rounds} rounds in {days} day(s): {busiest} round(s) a day make {hours} hours of play, within 12 "
            "(§3); the schedule of each day is not recorded: no day may have more.", rounds=e.rounds, days=days,
            busiest=busiest, hours=Formatted(hours, format_number)), rule=rule)


def long_event(state: EventState) -> HomologationCheck | None:
    """B.02 §4: a tournament lasting more than 30 days is reported month by month (interim reports)."""
    e = state.event
    if e.start_date is None or e.end_date is None or (e.end_date - e.start_date).days < 30:
        return None
    return HomologationCheck(
        "long-event", "info",
        msg("The event lasts {value} days: more than 30, its results are reported month by month (§4).",
            value=(e.end_date - e.start_date).days + 1), rule=cite(B02, "§4"))


def unplayed_games(state: EventState) -> HomologationCheck:
    """B.02 §5.1: unplayed games (forfeits, for any reason) are not counted; a game where both players made a
    move is rated."""
    unplayed = [(r.number, g.board) for r in state.rounds for g in r.games
                if g.result is not None and not g.result.is_played]
    rule = cite(B02, "§5.1")
    if not unplayed:
        return HomologationCheck("unplayed", "ok", msg("No forfeit: every game entered was played (§5.1)."), rule=rule)
    where = ", ".join(f"R{r}/{b}" for r, b in unplayed[:10]) + ("…" if len(unplayed) > 10 else "")
    return HomologationCheck(
        "unplayed", "info",
        msg("{n_unplayed} unplayed game(s) (forfeits): {where}. They are not rated (§5.1).", n_unplayed=len(unplayed),
            where=where), rule=rule)


def match(state: EventState) -> HomologationCheck | None:
    """B.02 §6.1: "Matches in which one player is unrated shall not be rated"."""
    players = entrants(state)
    if len(players) != 2:
        return None
    unrated = [p for p in players if fide_rating(p) is None]
    rule = cite(B02, "§6.1")
    if unrated:
        return HomologationCheck(
            "match", "error",
            msg("A match between two players, {names} unrated: such a match is not rated (§6.1).",
                names=names(unrated)), rule=rule)
    return HomologationCheck("match", "ok", msg("A match between two rated players (§6.1)."), rule=rule)


def unrated_players(state: EventState) -> HomologationCheck | None:
    """B.02 §7.1.4, §8.2: an unrated player's rating is published when based on at least 5 games against rated
    opponents (pooled over consecutive rating periods of at most 26 months) and at least 1400; a zero score in
    the first event is disregarded (§8.2.1). Lists each unrated player's games against rated opponents here."""
    players = entrants(state)
    unrated = [p for p in players if fide_rating(p) is None]
    if not unrated:
        return None
    games = fide_games(state)
    ratings = {p.id: fide_rating(p) for p in state.players}
    parts: list[Msg] = []
    for p in unrated[:12]:
        vs_rated = [s for o, s in games.get(p.id, []) if ratings.get(o) is not None]
        parts.append(msg("{name} {games} ({score} pts)", name=p.name, games=len(vs_rated),
                         score=Formatted(sum(vs_rated), format_score)))
    more = f", … (+{len(unrated) - 12})" if len(unrated) > 12 else ""
    return HomologationCheck(
        "unrated", "info",
        msg("{unrated} unrated player(s); games against rated opponents: {parts}{more}. A first rating needs 5 such "
            "games (pooled over at most 26 months) and at least 1400 (§7.1.4); a zero score in a first event is "
            "disregarded (§8.2.1).", unrated=len(unrated), parts=listing(parts), more=more),
        rule=cite(B02, "§7.1.4, §8.2"))


def games_against_unrated(state: EventState) -> HomologationCheck | None:
    """B.02 §8.3.1: a rated player's change counts "each game played against a rated player": the games of rated
    players against unrated opponents do not change their rating."""
    ratings = {p.id: fide_rating(p) for p in state.players}
    count = 0
    for r in state.rounds:
        for g in r.games:
            if g.result is None or not g.result.is_played:
                continue
            rated = [ratings.get(pid) is not None for pid in g.players()]
            if rated[0] != rated[1]:
                count += 1
    if not count:
        return None
    return HomologationCheck(
        "games-vs-unrated", "info",
        msg("{count} game(s) between a rated and an unrated player: they count for the unrated player's first "
            "rating (§8.2), not for the rated player's change (§8.3.1).", count=count), rule=cite(B02, "§8.3.1"))


def fide_ids(state: EventState) -> HomologationCheck:
    """B.02 §7.1.2 (the list identifies each player by the "ID Number") and §9.1 (the tournament report, a TRF
    file): a rated player without a FIDE id cannot be matched to the list."""
    rule = cite(B02, "§7.1.2, §9.1")
    missing: list[Player] = [p for p in entrants(state) if fide_rating(p) is not None and not p.fide_id.strip()]
    if missing:
        return HomologationCheck(
            "fide-ids", "warning",
            msg("{n_missing} rated player(s) without a FIDE id: {names}. The rating report (TRF) names players by "
                "their FIDE ID number (§7.1.2, §9.1).", n_missing=len(missing), names=names(missing)), rule=rule)
    return HomologationCheck("fide-ids", "ok", msg("Every rated player has a FIDE id (§7.1.2, §9.1)."), rule=rule)


def arbiter(state: EventState) -> HomologationCheck:
    """B.02 §9.1: "The Chief Arbiter of a FIDE registered tournament must provide the tournament report (TRF
    file) to the Rating Officer of the federation where the tournament took place"."""
    rule = cite(B02, "§9.1")
    if not [a for a in state.event.arbiters if a.strip()]:
        return HomologationCheck(
            "arbiter", "warning",
            msg("No arbiter named: the Chief Arbiter provides the tournament report (TRF) to the federation's "
                "Rating Officer (§9.1)."), rule=rule)
    chief = state.event.arbiters[0]
    return HomologationCheck(
        "arbiter", "ok", msg("Chief Arbiter: {chief}; the tournament report (TRF) goes to the federation's Rating "
                             "Officer (§9.1).", chief=chief), rule=rule)


def _first_of_next_month(day: dt.date) -> dt.date:
    return dt.date(day.year + 1, 1, 1) if day.month == 12 else dt.date(day.year, day.month + 1, 1)


def reporting(state: EventState) -> HomologationCheck:
    """B.02 §7.1.3: "The closing date for tournaments for a list is 3 days before the date of the list;
    tournaments ending before or on that day may be rated on the list"; §9.1: "If the tournament report is not
    submitted in time to be included in the third rating list after it ends, the tournament will not be rated".
    Lists are dated the first day of each month (§7.1)."""
    rule = cite(B02, "§7.1, §7.1.3, §9.1")
    end = state.event.end_date or state.event.start_date
    if end is None:
        return HomologationCheck(
            "reporting", "info",
            msg("No end date: the first list the event can be rated on (closing date 3 days before the list, "
                "§7.1.3) and the last one (the third list after its end, §9.1) cannot be given."), rule=rule)
    first = _first_of_next_month(end)
    if end > first - dt.timedelta(days=3):
        first = _first_of_next_month(first)
    third = _first_of_next_month(_first_of_next_month(_first_of_next_month(end)))
    return HomologationCheck(
        "reporting", "info",
        msg("The event ends on {end}: it can be rated on the list of {first} (closing date 3 days before, §7.1.3); "
            "a report that misses the list of {third}, the third after its end, is not rated (§9.1).",
            end=Formatted(end, format_date), first=Formatted(first, format_date),
            third=Formatted(third, format_date)), rule=rule)


CHECKS = (registration, rate_of_play, hours_per_day, long_event, unplayed_games, match, unrated_players,
          games_against_unrated, fide_ids, arbiter, reporting)
"""B.02's checks, in the order ``checks.txt`` prints them."""
