"""The game resource, ``/games`` and ``/games/{game_id}/...`` (blueprint ``games``): ``POST /games``,
``GET /games/{game_id}``, ``GET .../legal-moves``, ``POST .../moves``, ``GET .../moves`` (the move log, by
pages), ``POST .../undo``, ``GET .../events``, ``GET .../events/stream`` (Server-Sent Events), ``GET
.../position``, ``GET .../hint`` and ``GET .../players/{seat}/board.svg``.  ``routes`` holds the views,
``schemas`` their marshmallow schemas, ``store`` the ``Games`` class that plays stored games through the
shared database layer (``service.storage``), ``events`` the event stream and ``history`` the event ids
that name a point of a game's history across undos.
"""
