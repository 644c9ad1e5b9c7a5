"""Issue 22.3: the weight layout of the Dutch engine is declared once (dutch_weights.LAYOUT), in the order of
the quality criteria of C.04.3 (2026) Art.2.2-2.4, and the builder, the decoder and the solver's levels read it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_desk.core.pairing.dutch import round_context
from tournament_desk.core.pairing.dutch_weights import (
    CRITERIA,
    FIRST_ORDER_FIELD,
    LAYOUT,
    _criteria_values,
    decode,
    edge_weight,
    fields,
    offset,
    order_bits,
    pack,
    top_shift,
)
from tournament_desk.formats.trf import read_file, to_swiss_state

DATA = Path(__file__).resolve().parents[2] / "data" / "dutch"


def test_the_criteria_in_the_order_of_the_rules() -> None:
    # C.04.3 Art.2.2 (C4), 2.4.1-2.4.16 (C6-C21): C5 (Art.2.3.1) is in the C4 field and the pre-pass
    keys = [f.key for f in CRITERIA]
    assert keys == ["C4", "C6", "C7", "C8", "C8s", "C9", *[f"C{k}" for k in range(10, 22)]]
    assert [f.key for f in LAYOUT if not f.key.startswith("C")] == ["A4.3a", "A4.3a+", "A4.3b", "A4.3cd"]
    assert all(f.rule and f.text for f in LAYOUT)
    assert LAYOUT[0].width == "top" and all(f.width != "top" for f in LAYOUT[1:])


@pytest.mark.parametrize("name", ["swiss_020p_09r_445096324.trf", "swiss_100p_11r_340007978.trf"])
def test_builder_and_decoder_read_the_same_layout(name: str) -> None:
    trf = read_file(str(DATA / name))
    rng = random.Random(name)
    for k in (1, 2, 3, trf.rounds_in_file):
        players, ctx = round_context(to_swiss_state(trf, k))
        present = fields(ctx)
        # C14-C21 appear once one / two rounds are played
        assert ("C14" in [f.key for f, _b in present]) == (k >= 2)
        assert ("C16" in [f.key for f, _b in present]) == (k >= 3)
        assert top_shift(ctx) == sum(bits for _f, bits in present[1:])
        assert offset("A4.3cd", ctx) == 0 and dict((f.key, b) for f, b in present)["A4.3cd"] == 1
        assert order_bits(ctx) == 3 * ctx.group_bits + 1 == offset(FIRST_ORDER_FIELD, ctx) + ctx.group_bits
        for _ in range(40):
            a, b = sorted(rng.sample(range(len(players)), 2))
            flags = rng.choice([(True, False), (False, True), (False, False)])
            values = _criteria_values(players[a], players[b], *flags, ctx)
            w = pack(values, ctx)
            decoded = decode(w, ctx)
            criteria_keys = [f.key for f, _b in present if f.key.startswith("C")]
            assert [decoded[key] for key in criteria_keys] == values
            assert all(decoded[f.key] == 0 for f, _b in present if not f.key.startswith("C"))
            got = edge_weight(players[a], players[b], *flags, ctx)
            assert got in (0, w)  # 0: C1/C3 forbid the pair, else exactly the packed criteria

