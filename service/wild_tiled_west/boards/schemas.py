"""The marshmallow schema of a settlement board as data, ``GET /games/{game_id}/players/{seat}/board``."""

from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import Range

from service.language import lang_field


class BoardDataSchema(Schema):
    """A settlement board as data (``solver.games.wild_tiled_west.render.board_data.board_data``): ``squares[row][col]`` = ``{printed:
    {char, kind, coverable, suit, number, town}, tile: index into tiles or null, content: the covering tile square
    {char, terrain, icon, suit, named_building} or null, token: cowpoke | tombstone | hill_bandit | null}``;
    ``tiles`` in placement order ``{tile, type, copy, building, orientation, row, col, squares}``; ``towns``
    ``{letter, name, points, squares, complete}``; ``tokens`` ``{cowpokes, tombstones, hill_bandits}``."""

    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    side = fields.String(required=True, metadata={"description": "board side id, <board>/<normal|wild>"})
    rule = fields.String(allow_none=True, metadata={"description": "the wild side's rule, null on a normal side"})
    height = fields.Integer(required=True)
    width = fields.Integer(required=True)
    squares = fields.List(fields.List(fields.Dict()), required=True)
    tiles = fields.List(fields.Dict(), required=True)
    towns = fields.List(fields.Dict(), required=True)
    tokens = fields.Dict(keys=fields.String(), values=fields.List(fields.List(fields.Integer())), required=True)



class BoardQuerySchema(Schema):
    """``moves_played``: the board as it was after the game's first that many moves (a replay's step; the game has to
    have played them: 404 ``unknown_state``); without it, the board as it is now.  ``lang``: the language of the
    picture's words (``en`` or ``fr``), before ``Accept-Language`` (``service.language``)."""

    moves_played = fields.Integer(validate=Range(min=0), metadata={
        "description": "the board after the game's first moves_played moves (default: now)"})
    lang = lang_field()
