"""Rolled West's rules, one module per rule concept, named with the rule text's words: ``sheet`` (a player's score
sheet), ``rolling``, ``terrain``, ``turn`` (its steps and once-per-turn limits), ``claims`` (camps, settlements),
``contracts``, ``boomtown_offices``, ``shipments``, ``banking``, ``majority`` and ``scoring``.  Small functions over
plain state; each cites the rule text's sentence it implements ("rule text: ...") or the ruling it follows
("ruling: ...", docs/rolled-west-rulings.md)."""
