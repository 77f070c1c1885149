"""Wild Tiled West's stateless analysis resource, ``/analysis/...`` (blueprint ``analysis``): ``POST /analysis/hint``
and ``POST /analysis/placements``, computed from a position the client sends.  ``routes`` holds the views,
``schemas`` their marshmallow schemas (the hint's own fields and answer are every game's: ``service.hints``),
``compute`` the hints and best plans themselves and ``tasks`` the same as tasks of the heavy-work queue
(``service.heavy``).  Nothing here is stored.
"""
