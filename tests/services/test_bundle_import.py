"""Issue 27 item 3: an event opened from its homologation bundle is the same event, as one undo step.

The bundle's ``event.json`` carries everything an event holds — rule settings and other options, byes requested
(kept once their round is paired), pairs kept apart, withdrawals, pairing numbers, the top cut and its
play-offs — and ``import_bundle`` (``new EVENT --from-bundle BUNDLE.zip``) recreates it: the new file's state
equals the exported one, the import is one undo step, a damaged or inconsistent bundle or an existing target is
refused and creates nothing, and bundles written before some keys existed are still read.
"""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import pytest

from tournament_desk import __version__
from tournament_desk.__main__ import main
from tournament_desk.core.changes import canonical
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.operations import (
    AddPlayers,
    RecordResult,
    RequestBye,
    SetForbiddenPair,
    SetOption,
    WithdrawPlayer,
)
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.formats.bundle import EVENT_FILE, MANIFEST_FILE, BundleError, write_bundle
from tournament_desk.services import swiss_variants
from tournament_desk.services.bundle import export_bundle, import_bundle, verify_bundle
from tournament_desk.services.event_files import WRITTEN_WITH
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.rules import set_rule_settings
from tournament_desk.services.session import EventSession


def _results(session: EventSession, rng: random.Random) -> None:
    state = session.state()
    for g in state.round(state.last_round).games:
        if g.result is None:
            session.run(RecordResult(g.round, g.board, rng.choice(("1-0", "0-1", "1/2"))))


def _whole_event(path: Path) -> EventState:
    """A Dutch Swiss of 4 rounds with everything an event holds, then a top 4 with a play-off."""
    rng = random.Random(27)
    event = Event.for_discipline("Open d'été", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=4,
                                 place="Lyon", arbiters=("Claire Arbitre",))
    with EventSession.create(path, event) as s:
        ratings = [2300 - 37 * i for i in range(14)]
        rng.shuffle(ratings)
        s.run(AddPlayers([{"surname": f"Joueur{i:02d}", "first_name": "Zoé", "licence_id": f"K{i}",
                        "ratings": (("fide", r),)} for i, r in enumerate(ratings)]))
        set_rule_settings(s, {"tiebreaks.edition": "fide2023", "ffjd.cadence": "slow",
                              "scrabble.b_threshold": "1500"})
        s.run(SetOption("topcut.note", "finale le dimanche"))
        s.run(SetForbiddenPair(1, 2))
        s.run(SetForbiddenPair(3, 9))
        s.run(RequestBye(2, 5, "hpb"))
        s.run(RequestBye(4, 6, "zpb"))
        for number in range(1, 5):
            if number == 3:
                s.run(WithdrawPlayer(7, 3))
            pair_next(s)
            _results(s, rng)
        swiss_variants.start_top_cut(s, 4, "playoff")
        pair_next(s)
        s.run(RecordResult(5, 1, "1/2"))
        s.run(RecordResult(5, 2, "1-0"))
        swiss_variants.record_playoff(s, 5, 1, s.state().round(5).games[0].black_id)
        state = s.state()
    assert state.top_cut is not None and state.top_cut.playoffs and len(state.requests) == 2
    assert state.round(2).entry_of(5).kind is Outcome.HALF_BYE and state.player(7).withdrawn_from_round == 3
    assert all(p.pairing_number for p in state.players) and len(state.forbidden_pairs) == 2
    return state


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, EventState]:
    folder = tmp_path_factory.mktemp("bundle")
    state = _whole_event(folder / "open.tdesk")
    with EventSession.open(folder / "open.tdesk", readonly=True) as s:
        export_bundle(s, folder / "open.zip", "fr")
    return folder / "open.zip", state


def test_the_bundle_recreates_the_whole_event_as_one_undo_step(exported: tuple[Path, EventState],
                                                               tmp_path: Path) -> None:
    bundle, original = exported
    session, id_map = import_bundle(bundle, tmp_path / "again.tdesk")
    with session:
        assert id_map == {p.id: p.id for p in original.players}  # the ids are kept: the same event
        assert session.state() == original and canonical(session.state()) == canonical(original)
        journal = session._repo.journal()
        assert [e.label.text("en") for e in journal] == [f"Import open.zip: 14 players, {len(original.rounds)} rounds"]
        assert session.warnings == ()
        undone = session.undo()
        assert undone is not None
        empty = session.state()
        assert (empty.players, empty.rounds, empty.requests, empty.forbidden_pairs, empty.top_cut, empty.options) \
            == ((), (), (), (), None, ())
        assert empty.event == original.event
        session.redo()
    with EventSession.open(tmp_path / "again.tdesk") as reopened:  # the file passes every check at open
        assert reopened.state() == original
        # and the event goes on: the final is paired there as it would be in the original file
        pair_next(reopened)
        assert len(reopened.state().round(6).games) == 1


def test_new_from_bundle(exported: tuple[Path, EventState], tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    bundle, original = exported
    target = tmp_path / "again.tdesk"
    assert main(["new", str(target), "--from-bundle", str(bundle), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"file": str(target), "players": 14, "rounds": 5, "warnings": []}
    with EventSession.open(target, readonly=True) as s:
        assert s.state() == original
    assert main(["show", str(target), "--json"]) == 0  # the listing, too, shows everything the event holds
    shown = json.loads(capsys.readouterr().out)
    assert len(shown["requested_byes"]) == 2 and len(shown["forbidden_pairs"]) == 2
    assert shown["top_cut"]["seeds"] == list(original.top_cut.seeds) and len(shown["top_cut"]["playoffs"]) == 1
    assert shown["options"] == dict(original.options) and shown["event"]["numbering"] == original.event.numbering
    before = target.read_bytes()
    assert main(["new", str(target), "--from-bundle", str(bundle)]) == 3  # an existing target is refused
    assert "already exists" in capsys.readouterr().err and target.read_bytes() == before
    assert main(["new", str(tmp_path / "b.tdesk"), "--from-bundle", str(bundle), "--name", "X"]) == 3
    assert "--name and --rounds do not apply" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:  # one source at a time
        main(["new", str(tmp_path / "c.tdesk"), "--from-bundle", str(bundle), "--from-trf", "x.trf"])
    assert usage.value.code == 2 and "not allowed with argument" in capsys.readouterr().err
    assert main(["undo", str(target)]) == 0
    assert "Import open.zip: 14 players, 5 rounds" in capsys.readouterr().out


def _rewrite(bundle: Path, out: Path, edit_event: object = None, *, generator: str | None = None,
             members: dict[str, bytes] | None = None) -> Path:
    """A copy of ``bundle`` with event.json edited by ``edit_event(data)`` and the manifest rewritten (as a
    program writes it), or with ``members`` replaced without touching the manifest (damage)."""
    with zipfile.ZipFile(bundle) as z:
        files = {n: z.read(n) for n in z.namelist()}
        manifest = json.loads(files.pop(MANIFEST_FILE))
    if members is not None:
        files.update(members)
        with zipfile.ZipFile(out, "w") as z:
            z.writestr(MANIFEST_FILE, json.dumps(manifest))
            for name, data in files.items():
                z.writestr(name, data)
        return out
    if callable(edit_event):
        data = json.loads(files[EVENT_FILE])
        edit_event(data)
        files[EVENT_FILE] = json.dumps(data, ensure_ascii=False).encode()
    write_bundle(out, files, generator=generator or manifest["generator"])
    return out


def test_a_damaged_or_inconsistent_bundle_is_refused_with_its_problems(exported: tuple[Path, EventState],
                                                                       tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    bundle, _ = exported
    damaged = _rewrite(bundle, tmp_path / "damaged.zip", members={"standings.csv": b"forged", "extra.txt": b"x"})
    target = tmp_path / "x.tdesk"
    assert main(["new", str(target), "--from-bundle", str(damaged)]) == 5
    err = capsys.readouterr().err
    assert "Bundle refused: 2 problem(s)" in err and "standings.csv: modified" in err and "extra.txt" in err
    assert not target.exists()

    def swap_seed(data: dict) -> None:  # a top cut naming a player who is not registered
        data["top_cut"]["seeds"][0] = 999

    inconsistent = _rewrite(bundle, tmp_path / "inconsistent.zip", swap_seed)
    with pytest.raises(BundleError):
        import_bundle(inconsistent, target)
    assert not target.exists()

    def garbage(data: dict) -> None:
        data["options"]["ffjd.organiser_estimate"] = "9999"

    report = verify_bundle(_rewrite(bundle, tmp_path / "garbage.zip", garbage))
    assert [p.kind for p in report.problems] == ["inconsistent"]
    assert "ffjd.organiser_estimate must be a number from 600 to 3000, not '9999'" in report.problems[0].message("en")
    with pytest.raises(ValidationError, match="already exists"):
        import_bundle(bundle, tmp_path / "damaged.zip")


def test_a_value_of_a_newer_version_in_a_bundle(exported: tuple[Path, EventState], tmp_path: Path) -> None:
    bundle, original = exported

    def newer_choice(data: dict) -> None:
        data["options"]["ffjd.cadence"] = "blitz"

    same_version = _rewrite(bundle, tmp_path / "same.zip", newer_choice)
    with pytest.raises(BundleError, match="no newer version of the program wrote this bundle"):
        import_bundle(same_version, tmp_path / "same.tdesk")
    newer = _rewrite(bundle, tmp_path / "newer.zip", newer_choice, generator="tournament_desk 99.0")
    session, _ = import_bundle(newer, tmp_path / "newer.tdesk")
    with session:
        assert [w.text("en").split(" = ")[0] for w in session.warnings] == ["ffjd.cadence"]
        assert session.options()["ffjd.cadence"] == "blitz"  # kept, not replaced
    with EventSession.open(tmp_path / "newer.tdesk") as s:  # opens: a newer version wrote the data
        assert s.meta()[WRITTEN_WITH] == "tournament_desk 99.0" and len(s.warnings) == 1
        assert s.meta()["created_with"] == f"tournament_desk {__version__}"
        assert s.state().players == original.players


def test_a_bundle_written_before_the_keys_existed_is_read(tmp_path: Path) -> None:
    """Bundles of the first schema-1 writers had no requests, pairs kept apart, top cut, options, initial colour,
    acceleration or numbering: they verify and import, those read as absent (docs/bundle-schema.md)."""
    rng = random.Random(3)
    with EventSession.create(tmp_path / "e.tdesk", Event("Rapide", rounds=3)) as s:
        s.run(AddPlayers([{"surname": f"J{i}", "ratings": (("fide", 2000 - 10 * i),)} for i in range(7)]))
        for _ in range(2):
            pair_next(s)
            _results(s, rng)
        original = s.state()
        export_bundle(s, tmp_path / "new.zip", "en")

    def old_writer(data: dict) -> None:
        for key in ("requested_byes", "forbidden_pairs", "top_cut", "options"):
            del data[key]
        for key in ("initial_colour", "acceleration", "numbering"):
            del data["event"][key]

    old = _rewrite(tmp_path / "new.zip", tmp_path / "old.zip", old_writer)
    assert b"initial_colour" not in zipfile.ZipFile(old).read(EVENT_FILE)
    assert verify_bundle(old).ok, verify_bundle(old).summary()
    session, _ = import_bundle(old, tmp_path / "old.tdesk")
    with session:
        state = session.state()
    assert (state.players, state.rounds) == (original.players, original.rounds)
    assert (state.event.initial_colour, state.event.numbering) == ("", "") != (original.event.initial_colour,
                                                                                original.event.numbering)
