"""The Flask JSON API (docs/api.md), grouped by resource: ``games``, ``analysis``, ``reviews``, ``puzzles``
and ``catalog`` (each a package with its routes, schemas and, where it has one, its store), and ``health``.  Beside them, the
shared parts: the app factory ``app`` (``service.app:create_app()``), error answers ``problems``, rate
``limits``, seat ``tokens``, the ``heavy`` work queue (huey) and its consumer ``worker``, the per-worker
``cache``, and the database layer ``storage`` with its tables ``models``, used by games, reviews and puzzles.  Serving:
gunicorn's settings ``gunicorn_conf.py`` (which also start the consumer) and worker class ``gunicorn_worker``,
whole request ``bodies`` before any view, and what a stopping worker ends (``stopping``).
"""
