"""Rolled West's components as data (``data/*.toml``), their values (``values``) and the loader that checks them
(``catalog``)."""
