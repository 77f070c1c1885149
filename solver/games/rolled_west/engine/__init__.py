"""Rolled West's engine: the state of one play (``game.RolledWest``, a ``solver.core.protocol.State``), its moves
(``moves``), views (``views``) and labels (``labels``)."""
