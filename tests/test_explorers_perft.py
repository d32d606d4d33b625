"""The Merchant Explorers perft table (tests/perft/merchant-explorers/perft.txt): the
engine reproduces every row, and the independent reference model re-confirms the small
ones here (all rows were confirmed by it when the table was made:
scripts/make_explorers_perft.py)."""

from __future__ import annotations

import pytest
from reference import explorers_model as model

from golem_solver import MerchantExplorers

from conftest import ROOT

TABLE = ROOT / "tests" / "perft" / "merchant-explorers"
MODEL_LIMIT = 2_000  # leaves the model re-counts in CI (it runs ~1,000 leaves/s)


def rows():
    for line in (TABLE / "perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, depth, leaves = line.split()
            yield name, int(depth), int(leaves)


def test_the_table_covers_every_map_players_and_deck_kinds():
    names = {name for name, _, _ in rows()}
    for map_id in ("avenia", "aghon", "kazan", "cnidaria", "north-proylia", "xawskil"):
        assert any(n.startswith(map_id) for n in names), map_id
    assert any("hidden" in n for n in names) and any("known" in n for n in names)
    assert {d for _, d, _ in rows()} >= {1, 2, 3, 4}
    assert len(names) >= 12


@pytest.mark.parametrize("name,depth,leaves", list(rows()))
def test_engine_counts_each_row(name, depth, leaves):
    state = MerchantExplorers.load(TABLE / name)
    assert state.perft(depth) == leaves


@pytest.mark.parametrize(
    "name,depth,leaves", [r for r in rows() if r[2] <= MODEL_LIMIT]
)
def test_reference_model_confirms_the_small_rows(name, depth, leaves):
    state = model.load_position((TABLE / name).read_text(), base_dir=str(TABLE))
    assert model.perft(state, depth) == leaves
