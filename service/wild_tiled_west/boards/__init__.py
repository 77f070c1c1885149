"""A seat's settlement board in a Wild Tiled West game (blueprint ``boards``, under ``/games``): ``GET
/games/{game_id}/players/{seat}/board`` (the board as data a frontend draws) and ``GET
/games/{game_id}/players/{seat}/board.svg`` (its picture).  ``routes`` holds the views and ``schemas`` their
marshmallow schema; the settlement is read from the stored game (``service.games.store.Games.settlement``).  A game of
another game has no settlement boards: 404.
"""
