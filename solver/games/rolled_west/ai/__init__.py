"""Rolled West's planning helpers for the core's bots and search: a value function (``value``), determinization
(``determinize``) and the search's plug-in over whole turns (``search``)."""
