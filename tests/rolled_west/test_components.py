"""Rolled West's components (solver/games/rolled_west/components): the data holds the printed score sheet and dice of
../shared/design/other-games.md, every value sourced; the loader refuses bad data with each problem named; a corrected
copy is played with."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from solver.core import registry
from solver.games.rolled_west import ENTRY
from solver.games.rolled_west.components import catalog
from solver.games.rolled_west.components.catalog import ComponentsError, load_components, load_components_from, player_counts
from solver.games.rolled_west.protocol import GAME
from tests.rolled_west.helpers import C

DATA = Path(catalog.__file__).parent / "data"
SHEET_SOURCE = "sheet: Rolled West score sheet, as published by Board Game Arena's implementation"


def test_the_dice_are_four_dice_of_twelve_faces():
    assert C.dice.count == 4 and len(C.dice.face_list()) == 12
    assert dict(C.dice.faces) == {"copper": 4, "wood": 3, "silver": 3, "gold": 2}
    assert dict(C.dice.terrain) == {"wood": "woods", "copper": "valley", "silver": "hills", "gold": "mountains"}
    assert (C.dice.ghost_dice, C.dice.ghost_players) == (3, 2)


def test_the_score_sheet_is_the_published_one():
    rows = {r.terrain: r for r in C.claim_rows}
    assert rows["woods"].numbers == (1, 2, 3, 3, 0, 9, 0, 9) and rows["woods"].majority == (3, 1)
    assert rows["valley"].numbers == (0, 2, 1, 2, 0, 4, 0, 8) and rows["valley"].majority == (3, 1)
    assert rows["hills"].numbers == (0, 2, 1, 3, 0, 5, 0, 9) and rows["hills"].majority == (4, 2)
    assert rows["mountains"].numbers == (0, 2, 2, 3, 0, 6, 0, 10) and rows["mountains"].majority == (5, 2)
    assert rows["woods"].stars == (True, True, True, True, False, True, False, True)
    assert C.shipping_row("gold").boxes == ((0,), (2,), (8, 5), (0,), (8, 5))
    assert C.shipping_row("copper").boxes[2] == (6, 3) and C.shipping_row("silver").boxes[4] == (7, 4)
    assert (C.contract("copper-4").points, C.contract("copper-4").cost()) == (8, {"copper": 4})
    assert [x.points for x in C.contracts] == [8, 9, 10, 10, 11, 11, 12, 13, 15]
    assert C.contract("silver-2-gold-2").cost() == {"silver": 2, "gold": 2}
    assert len(C.offices) == 9 and C.office("silver-silver").terms == (("fixed", 6),)
    assert C.office("gold-copper").cost() == {"gold": 1, "copper": 1} and C.office("copper-copper").cost() == {"copper": 2}
    assert (C.numbers.rounds, C.numbers.players_min, C.numbers.players_max) == (6, 2, 4)


def test_every_section_is_sourced():
    sources = dict(C.sources)
    assert sources["sheet.toml"] == SHEET_SOURCE
    assert sources["dice.toml [faces]"] == SHEET_SOURCE
    assert all(re.match(r"(sheet|rule text|ruling): \S", s) for s in sources.values())
    assert {"game.toml [rounds]", "game.toml [costs]", "dice.toml [ghost_roll]"} <= set(sources)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    text = (folder / name).read_text()
    assert old in text, old
    (folder / name).write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(("name", "old", "new", "problem"), [
    ("dice.toml", "copper = 4\n", "copper = 5\n", "add up to 13, not the die's 12"),
    ("dice.toml", 'gold = "mountains"', 'gold = "woods"', "one distinct terrain per resource"),
    ("sheet.toml", 'row = "gold"\ncolumn = "gold"', 'row = "gold"\ncolumn = "silver"', "missing [('gold', 'gold')]"),
    ("sheet.toml", 'id = "gold-5"', 'id = "gold-4"', "9 contracts with distinct ids"),
    ("sheet.toml", "majority = [5, 2]", "majority = [2, 5]", "1st >= 2nd"),
    ("sheet.toml", "[8, 5], [0], [8, 5]]", "[5, 8], [0], [8, 5]]", "first > later"),
    ("sheet.toml", "numbers = [0, 2, 2, 3, 0, 6, 0, 10]", "numbers = [0, 2, 2, 3, 0, 6, 0]", "one star flag"),
    ("sheet.toml", 'per = "fixed"', 'per = "luck"', "each term's 'per'"),
    ("sheet.toml", "metals = { gold = 5 }", "metals = { wood = 5 }", "metals must be some of"),
    ("game.toml", 'source = "rule text: Rolled West will be played', 'source = "printed: Rolled West will be played',
     "source must be"),
    ("game.toml", "claims = 1", "claims = 2", "once per turn"),
    ("game.toml", "count = 6", "count = -6", "a whole number of at least 1"),
    ("dice.toml", "[faces]", "[faces", "not valid TOML"),
])
def test_bad_data_is_refused_naming_the_problem(tmp_path, name, old, new, problem):
    folder = _copy(tmp_path)
    _edit(folder, name, old, new)
    with pytest.raises(ComponentsError) as refused:
        load_components_from(folder)
    assert problem in str(refused.value), refused.value.problems


def test_a_missing_file_or_folder_is_refused(tmp_path):
    folder = _copy(tmp_path)
    (folder / "game.toml").unlink()
    with pytest.raises(ComponentsError, match=r"game\.toml: missing"):
        load_components_from(folder)
    with pytest.raises(ComponentsError, match="no such folder"):
        load_components_from(tmp_path / "nowhere")


def test_a_corrected_copy_is_played_with(tmp_path, monkeypatch):
    """Correctable in a copy: a contract's points changed there are the points the game scores."""
    folder = _copy(tmp_path)
    _edit(folder, "sheet.toml", 'id = "copper-4"\npoints = 8', 'id = "copper-4"\npoints = 20')
    corrected = load_components_from(folder)
    assert corrected.contract("copper-4").points == 20
    game = GAME.with_components(corrected)
    state = game.new_state({"players": 2, "seed": 3})
    state.sheets[0].contracts.append("copper-4")
    assert state.score_breakdown(0)["contracts"] == 20
    monkeypatch.setenv(catalog.DATA_ENV, str(folder))
    assert catalog.data_dir() == folder and catalog.load_components().contract("copper-4").points == 20
    with pytest.raises(TypeError):
        GAME.with_components({"not": "components"})


def test_the_entry_is_registered_and_agrees_with_the_data():
    entry = registry.get("rolled-west")
    assert entry is GAME.entry and (entry.title, entry.rules) == ("Rolled West", "rolled-west-rules-en.txt")
    assert entry.players == range(C.numbers.players_min, C.numbers.players_max + 1)
    assert "Nothing of the score sheet is reconstructed" in entry.reconstructed and "project's own" in entry.reconstructed
    assert [e.id for e in registry.entries()][0] == "wild-tiled-west"  # the first game stays the first


def test_the_registry_entry_reads_its_numbers_of_players_from_the_data():
    """The registry's 2-4 players is game.toml's ``[players]``, not a range written in code."""
    numbers = load_components().numbers
    assert ENTRY.players == player_counts() == range(numbers.players_min, numbers.players_max + 1) == range(2, 5)
