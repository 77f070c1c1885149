"""Move reviews of finished games: ``POST /games/{game_id}/reviews`` and ``GET /games/{game_id}/reviews/{review_id}``
(docs/api.md, "Move review"): the points each seat's moves lost against the best option the information-set search
finds (``solver.games.wild_tiled_west.ai.review``), made on the heavy-work queue a slice at a time."""
