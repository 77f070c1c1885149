"""Wild Tiled West: its layers, lowest first, each importing only the ones below it (docs/architecture.md):
``components`` <- ``rules`` <- ``engine`` <- ``planning`` <- ``ai`` <- ``render`` <- ``cli``."""
