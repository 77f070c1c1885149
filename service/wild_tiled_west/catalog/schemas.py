"""Marshmallow schemas of the read-only catalog resources (``GET /catalog/...``).

They dump the immutable component objects of ``solver.games.wild_tiled_west.components.values`` directly.  Coordinates are
``[row, col]``, 0-based, row 0 at the top; gold, points and counts are whole numbers.  Every
entry has ``provenance``: ``{"source": {"kind", "note"}, "fields": {name: {"kind", "note"}}}``
where ``kind`` is rulebook, public, derived or reconstructed.
"""

from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import Range

from service.language import lang_field
from solver.games.wild_tiled_west.components.geometry import turned_and_mirrored
from solver.games.wild_tiled_west.components.values import BOARD_LEGEND, TILE_LEGEND, SpaceKind


def _legend_json(legend: dict) -> dict[str, dict[str, object]]:
    out = {}
    for ch, v in legend.items():
        item = {k: (getattr(v, k).value if hasattr(getattr(v, k), "value") else getattr(v, k))
                for k in v.__dataclass_fields__ if k != "char" and getattr(v, k) not in (None, False)}
        out[ch] = item
    return out


TILE_LEGEND_JSON = _legend_json(TILE_LEGEND)
BOARD_LEGEND_JSON = _legend_json(BOARD_LEGEND)


class ProvenanceSchema(Schema):
    """Where an entry's values come from."""

    source = fields.Function(lambda s: s.default.to_json(), metadata={"description": "default source of every field"})
    fields_ = fields.Function(lambda s: {n: p.to_json() for n, p in s.fields}, data_key="fields",
                              metadata={"description": "per-field sources that differ from the default"})


class TileCellSchema(Schema):
    """One square of a tile, relative to the tile's top-left."""

    row = fields.Integer()
    col = fields.Integer()
    char = fields.String(metadata={"description": "map character (docs/data-format.md)"})
    terrain = fields.String()
    icon = fields.String(allow_none=True)
    suit = fields.String(allow_none=True)
    named_building = fields.Boolean()


def _cells(tile) -> list[dict[str, object]]:
    """A tile's (or an orientation's) squares with their content, ``{row, col, char, terrain, icon, suit,
    named_building}`` each."""
    return [
        {"row": r, "col": c, "char": cell.char, "terrain": cell.terrain.value, "icon": cell.icon.value if cell.icon else None,
         "suit": cell.suit.value if cell.suit else None, "named_building": cell.named_building}
        for (r, c), cell in tile.cells
    ]


class OrientationSchema(Schema):
    """One orientation of a tile, by its index (the ``orientation`` of a ``place`` move): ``flipped`` (mirrored
    left-right first) and ``turns`` (then quarter-turns clockwise, 0-3), its bounding box, and the squares it covers
    relative to the anchor (a placement's ``row``, ``col`` is the bounding box's top-left square), each with its
    content.  In ``GET /catalog/tiles``, also ``turned`` and ``mirrored``: the index of the orientation a further
    quarter-turn clockwise, and a left-right flip, of this one make (a symmetric tile may turn into itself)."""

    index = fields.Integer()
    flipped = fields.Boolean()
    turns = fields.Integer(metadata={"description": "quarter-turns clockwise, after the flip"})
    height = fields.Integer(metadata={"description": "squares"})
    width = fields.Integer(metadata={"description": "squares"})
    cells = fields.Function(_cells, metadata={"description": "list of TileCell, relative to the anchor"})


def _orientation_shapes(tile) -> list[dict[str, object]]:
    """``OrientationSchema`` of each orientation of ``tile``, with ``turned`` and ``mirrored``: the orientation index
    a quarter-turn clockwise and a left-right flip of it make (``solver.games.wild_tiled_west.components.geometry.turned_and_mirrored``)."""
    steps = turned_and_mirrored(tile.orientations)
    return [{**shape, "turned": turned, "mirrored": mirrored}
            for shape, (turned, mirrored) in zip(OrientationSchema(many=True).dump(tile.orientations), steps)]


class TileSchema(Schema):
    """A tile type: id (``t07``), building (or null), shape rows, squares, number of distinct orientations,
    its stack slot ``{"tray", "row", "col"}`` (null for the alley), how many ``copies`` the trays hold and their
    ids (``copy_ids``: ``t07#1`` .. ``t07#3``, copy 1 on top of the stack; the alley's is ``["alley"]``)."""

    id = fields.String(metadata={"description": "the tile type's id, e.g. t07"})
    copies = fields.Function(lambda t: t.copies if t.stack else None, allow_none=True,
                             metadata={"description": "copies in the trays: 2 or 3 (null for the alley)"})
    copy_ids = fields.Function(lambda t: [f"{t.id}#{n}" for n in range(1, t.copies + 1)] if t.stack else [t.id],
                               metadata={"description": "the ids of its tray tiles, as moves, events and views name them"})
    building = fields.String(allow_none=True)
    size = fields.Integer(metadata={"description": "squares"})
    shape = fields.Function(lambda t: t.shape_text.split("\n"))
    cells = fields.Function(_cells, metadata={"description": "list of TileCell"})
    orientations = fields.Function(lambda t: len(t.orientations), metadata={"description": "distinct orientations (rotations and flips)"})
    orientation_shapes = fields.Function(lambda t: _orientation_shapes(t), metadata={
        "description": "list of Orientation: every orientation index, which flip and turn it is, its squares, and the "
                       "orientations a quarter-turn (`turned`) and a left-right flip (`mirrored`) of it make"})
    stack = fields.Function(lambda t: dict(zip(("tray", "row", "col"), t.stack)) if t.stack else None)
    provenance = fields.Nested(ProvenanceSchema)


class BuildingSchema(Schema):
    """A building of the Building Guide."""

    name = fields.String()
    sign = fields.String(metadata={"description": "white, red, pink or yellow"})
    text = fields.String()
    amounts = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "the numbers of its text the rules use, by name ({\"gold\": 3} for the Bank): a client writes "
                       "the building's effect in its own words (or language) with them"})
    provenance = fields.Nested(ProvenanceSchema)


class TraySlotSchema(Schema):
    """A stack slot: tray (left/right), row 0-4, col 0-3 (1-2 are the river), gold cost, the tile type whose copies
    fill it (``tile``) and their ids top first (``stack``)."""

    tray = fields.String()
    row = fields.Integer()
    col = fields.Integer()
    on_river = fields.Boolean()
    cost = fields.Integer(metadata={"description": "gold"})
    tile = fields.Function(lambda s: s.stack[0].partition("#")[0], metadata={"description": "the tile type, e.g. t07"})
    stack = fields.List(fields.String(), metadata={"description": "the copies' ids at setup, top first, e.g. t07#1"})
    provenance = fields.Nested(ProvenanceSchema)


class PrairieSlotSchema(Schema):
    """Prairie die slot ``number`` (1-20): drafts along ``row`` of ``tray`` from ``end``."""

    number = fields.Integer()
    tray = fields.String()
    row = fields.Integer()
    end = fields.String()
    provenance = fields.Nested(ProvenanceSchema)


class RiverSlotSchema(Schema):
    """River die slot ``number`` (1-8): drafts along river column ``col`` of ``tray`` from ``end``."""

    number = fields.Integer()
    tray = fields.String()
    col = fields.Integer()
    end = fields.String()
    provenance = fields.Nested(ProvenanceSchema)


class TraysSchema(Schema):
    """The two combined tile trays, 5 rows x 4 columns each."""

    rows = fields.Integer()
    cols = fields.Integer()
    slots = fields.List(fields.Nested(TraySlotSchema))
    prairie_slots = fields.List(fields.Nested(PrairieSlotSchema))
    river_slots = fields.List(fields.Nested(RiverSlotSchema))
    provenance = fields.Nested(ProvenanceSchema)


class TilePictureQuerySchema(Schema):
    """``GET /catalog/tiles/<tile_id>.svg``: ``orientation``, an index of the tile's ``orientation_shapes`` (default 0);
    ``lang``, the language of the picture's words (``en`` or ``fr``), before ``Accept-Language``."""

    orientation = fields.Integer(load_default=0, strict=False, validate=Range(0, 7),
                                 metadata={"description": "orientation index (0 to the tile's orientations - 1)"})
    lang = lang_field()


class TilesCatalogSchema(Schema):
    """``GET /catalog/tiles``: the 40 tile types (96 tray tiles in copies of 2 or 3), the alley, the buildings,
    the trays, the legend."""

    tiles = fields.List(fields.Nested(TileSchema))
    alley = fields.Nested(TileSchema)
    buildings = fields.List(fields.Nested(BuildingSchema))
    trays = fields.Nested(TraysSchema)
    legend = fields.Dict(keys=fields.String(), values=fields.Dict())


class TownSchema(Schema):
    """A town plot: map letter, name, sign points and its squares ``[[row, col], ...]``."""

    letter = fields.String()
    name = fields.String()
    points = fields.Integer()
    squares = fields.List(fields.List(fields.Integer()))
    provenance = fields.Nested(ProvenanceSchema)


class BoardSideSchema(Schema):
    """One side of a settlement board with its text map (one string per row)."""

    id = fields.String(metadata={"description": "<board id>/<normal|wild>"})
    side = fields.String()
    rule = fields.String(allow_none=True, metadata={"description": "wild-side rule key (wild sides only)"})
    stars = fields.Integer(allow_none=True)
    height = fields.Integer()
    width = fields.Integer()
    map = fields.List(fields.String(), attribute="rows")
    start = fields.Function(lambda s: list(s.start) if s.start else None)
    towns = fields.List(fields.Nested(TownSchema))
    pickaxes = fields.Function(
        lambda s: [{"pickaxe": list(p), "mine": list(m)} for p, m in s.pickaxe_mines().items()],
        metadata={"description": "each pickaxe [row, col] and the mine [row, col] covering it claims"})
    features = fields.Function(lambda s: _side_features(s), metadata={"description": "squares of each printed kind"})
    provenance = fields.Nested(ProvenanceSchema)


def _side_features(side) -> dict[str, list[list[int]]]:
    skip = {SpaceKind.EMPTY, SpaceKind.TOWN}
    return {k.value: [list(rc) for rc in side.squares(k)] for k in SpaceKind if k not in skip and side.count(k)}


class BoardSummarySchema(Schema):
    """A board in the list: id, name and its two sides' ids and wild rule."""

    id = fields.String()
    name = fields.String()
    sides = fields.Function(lambda b: [{"id": s.id, "side": s.side, "rule": s.rule, "stars": s.stars} for s in b.sides])


class BoardSchema(Schema):
    """``GET /catalog/boards/<board_id>``: both sides in full, and the map legend."""

    id = fields.String()
    name = fields.String()
    normal = fields.Nested(BoardSideSchema)
    wild = fields.Nested(BoardSideSchema)
    legend = fields.Function(lambda _: BOARD_LEGEND_JSON)
    provenance = fields.Nested(ProvenanceSchema)


class BoardListSchema(Schema):
    """``GET /catalog/boards``."""

    boards = fields.List(fields.Nested(BoardSummarySchema))


class ScoreboardSideSchema(Schema):
    """A scoreboard side: rounds per year, tussle points per year, town bonus (Years 1-3),
    wrangle points by cows (3-7), paw rounds (solo)."""

    name = fields.String()
    rounds_per_year = fields.List(fields.Integer())
    tussle_points = fields.List(fields.Integer())
    town_bonus = fields.List(fields.Integer())
    wrangle_points = fields.Function(lambda s: {str(k): v for k, v in s.wrangle_points.items()})
    paw_rounds = fields.List(fields.Integer())
    provenance = fields.Nested(ProvenanceSchema)
    wrangle_provenance = fields.Nested(ProvenanceSchema)


class CattleContractSchema(Schema):
    """A cattle contract: kind (alleys, gold, bullets, points), large and small rewards."""

    kind = fields.String()
    large = fields.Integer()
    small = fields.Integer()
    first_game_position = fields.Integer()
    provenance = fields.Nested(ProvenanceSchema)


class MiningSpaceSchema(Schema):
    """A mining track space from the bottom: income (gold), endgame points, partner (hat)."""

    income = fields.Integer()
    points = fields.Integer()
    partner = fields.Boolean()
    provenance = fields.Nested(ProvenanceSchema)


class PartnerSchema(Schema):
    """A partner card and its endgame condition."""

    id = fields.String()
    name = fields.String()
    text = fields.String()
    condition = fields.Dict()
    provenance = fields.Nested(ProvenanceSchema)


class BanditCardSchema(Schema):
    """A solo bandit card."""

    id = fields.String()
    bandits = fields.Integer()
    cows = fields.Integer()
    bullets = fields.Integer()
    provenance = fields.Nested(ProvenanceSchema)


class WildSideSchema(Schema):
    """A wild-side rule set."""

    key = fields.String()
    name = fields.String()
    stars = fields.Integer()
    text = fields.String()
    spaces = fields.List(fields.String())
    building = fields.String(allow_none=True)
    amounts = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "the numbers of its text the rules use, by name ({\"points\": 3} for Rope Trick)"})
    provenance = fields.Nested(ProvenanceSchema)


class RuleNumbersSchema(Schema):
    """Numbers the rulebook states in its text rather than on a component (``rules.toml``)."""

    starting_points = fields.Integer(metadata={"description": "points each player begins with (Setup D4)"})
    dealt_partners = fields.Integer(metadata={"description": "partner cards dealt to each player (Setup E)"})
    face_up_partners = fields.Integer(metadata={"description": "partner cards dealt face up into the supply (Setup E)"})
    three_player_last_seat_gold = fields.Integer(metadata={"description": "gold for the last seat of round 1 with 3 players (Setup F)"})
    year4_gold = fields.Integer(metadata={"description": "Year 4's other Mining Income: this much gold..."})
    year4_pickaxes = fields.Integer(metadata={"description": "... and this many pickaxes"})
    min_cows = fields.Integer(metadata={"description": "the fewest cows a pasture needs to be wrangled (Wrangling)"})
    max_cows = fields.Integer(metadata={"description": "the largest wrangle (Wrangling)"})
    contract_min_cows = fields.Integer(metadata={"description": "a wrangle of this many cows or more claims a cattle contract"})
    trailblazing_points = fields.Integer(metadata={"description": "points for each uncovered horseshoe (negative; Endgame)"})
    tombstone_points = fields.Integer(metadata={"description": "points for each tombstone (Endgame)"})
    ace_set_points = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "a set of aces' size -> its points (Scoring points / Aces)"})


class ScoreCategoriesSchema(Schema):
    """The categories of a score breakdown (a game state's ``scores``), in display order."""

    in_game = fields.List(fields.String(), metadata={"description": "points scored during play"})
    endgame = fields.List(fields.String(), metadata={"description": "the Endgame's, in the rulebook's order, then the wild sides'"})


class ScoreboardCatalogSchema(Schema):
    """``GET /catalog/scoreboard``: both scoreboard sides, the four cattle contracts, the wrangle
    size of each contract space, the solo ranks, the mining track, the partner cards, the bandit
    cards and Bandit Ridge, the ace cards, the supply, the dice per player count, the wild sides, the numbers the
    rulebook states in its text (``rules``) and the score categories in display order (``score_categories``)."""

    multiplayer = fields.Nested(ScoreboardSideSchema)
    solo = fields.Nested(ScoreboardSideSchema)
    cattle_contracts = fields.List(fields.Nested(CattleContractSchema))
    contract_sizes = fields.List(fields.Integer())
    solo_ranks = fields.List(fields.Dict())
    mining_track = fields.List(fields.Nested(MiningSpaceSchema))
    partners = fields.List(fields.Nested(PartnerSchema))
    bandit_cards = fields.List(fields.Nested(BanditCardSchema))
    bandit_ridge = fields.Dict()
    ace_cards = fields.List(fields.String())
    supply = fields.Dict(keys=fields.String(), values=fields.Integer())
    dice = fields.Dict(keys=fields.String(), values=fields.Dict())
    wild_sides = fields.List(fields.Nested(WildSideSchema))
    rules = fields.Nested(RuleNumbersSchema)
    score_categories = fields.Nested(ScoreCategoriesSchema)
