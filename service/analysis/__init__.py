"""The stateless analysis resource, ``/analysis/...`` (blueprint ``analysis``): ``POST /analysis/hint`` and
``POST /analysis/placements``, computed from a position the client sends; ``compute`` also answers
``GET /games/{game_id}/hint`` for the games resource.  ``routes`` holds the views (and the budget caps and
deadlines they share with the game hint), ``schemas`` their marshmallow schemas, ``compute`` the hints and best
plans themselves and ``tasks`` the same as tasks of the heavy-work queue (``service.heavy``).  Nothing here is
stored.
"""
