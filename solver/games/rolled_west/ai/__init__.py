"""Rolled West's planning helpers for the bots, the hints and the search: the values of a position (``value``),
determinization (``determinize``), the search's plug-in over whole turns (``search``) and the bots that rank whole
turns one step ahead (``bots``)."""
