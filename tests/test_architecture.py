"""The layers import only downward (docs/architecture.md), read from the code with ``ast``:

    solver.core <- every game's layers: solver.games.<game>.components <- .rules <- .engine <- .planning <- .ai
        <- .render <- .protocol (its game object) <- .cli <- solver.games (the games' registration) <- solver (its __main__ and __init__)
        <- puzzles <- service

A module may import its own layer and the layers below it, never one above; the imports between modules form
no cycle; and no module imports a module of the project inside a function (the way a cycle is hidden).
Imports under ``if TYPE_CHECKING:`` count like any other: an annotation may not point up a layer or close a cycle.
The games are the packages found under solver/games/: each has the same layers, the core imports none of them,
and no module of one game imports another game's package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("solver", "puzzles", "service")
#: Every game's package, found on disk, so that a game is checked by being there.
GAMES = tuple(sorted(f"solver.games.{p.name}" for p in (ROOT / "solver" / "games").iterdir() if (p / "__init__.py").is_file()))
#: A game's layers, lowest first (each game has these; the core is below them all).
GAME_LAYERS = ("components", "rules", "engine", "planning", "ai", "render", "protocol", "cli")
#: Lowest first; a module belongs to the longest prefix that names it.  Every game's layers share one rank, so a
#: game's layer is never "above" another game's (a game importing another game fails its own test below).
LAYERS: tuple[tuple[str, ...], ...] = (("solver.core",), *(tuple(f"{g}.{n}" for g in GAMES) for n in GAME_LAYERS),
                                       ("solver.games",), ("solver",), ("puzzles",), ("service",))


def _game(module: str) -> str | None:
    """The game package ``module`` is part of, or None."""
    return next((g for g in GAMES if module == g or module.startswith(g + ".")), None)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _resolve(module: str, path: Path, node: ast.ImportFrom | ast.Import, known: set[str]) -> list[str]:
    """Project modules named by one import statement (``from pkg import mod`` counts as ``pkg.mod``)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    out = []
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name:
            out.append(name)
    return out


def _imports(module: str, path: Path, known: set[str]) -> tuple[set[str], list[tuple[int, str]]]:
    """``(runtime imports at module level, [(line, module) imported inside a function or class body])``."""
    tree = ast.parse(path.read_text(), str(path))
    top: set[str] = set()
    nested: list[tuple[int, str]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for name in _resolve(module, path, child, known):
                    if inside:
                        nested.append((child.lineno, name))
                    else:
                        top.add(name)
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)))

    visit(tree, False)
    top.discard(module)
    return top, nested


def _layer(module: str) -> int:
    return max(((i, len(prefix)) for i, prefixes in enumerate(LAYERS) for prefix in prefixes
                if module == prefix or module.startswith(prefix + ".")), key=lambda found: found[1])[0]


def _layer_name(module: str) -> str:
    return next(p for p in LAYERS[_layer(module)] if module == p or module.startswith(p + "."))


def _graph() -> tuple[dict[str, set[str]], dict[str, list[tuple[int, str]]]]:
    modules = _modules()
    known = set(modules)
    graph, nested = {}, {}
    for name, path in modules.items():
        graph[name], nested[name] = _imports(name, path, known)
    return graph, nested


def _parents(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def test_the_graph_is_read():
    graph, _ = _graph()
    assert "solver.games.wild_tiled_west.engine.game" in graph["solver.games.wild_tiled_west.ai.bots"]  # a known import, to show the reader works
    assert len(graph) > 50
    assert "solver.games.wild_tiled_west" in GAMES  # the games are found, so the rules over them are not empty
    assert "solver.core.registry" in graph["solver.games"]


def test_layers_import_only_downward():
    graph, _ = _graph()
    upward = [f"{m} ({_layer_name(m)}) imports {d} ({_layer_name(d)})"
              for m, deps in sorted(graph.items()) for d in sorted(deps)
              if _layer(d) > _layer(m) and d not in _parents(m)]
    assert not upward, "imports that run up the layers:\n" + "\n".join(upward)


def test_no_import_inside_a_function():
    _, nested = _graph()
    found = [f"{m}:{line} imports {d}" for m, rows in sorted(nested.items()) for line, d in rows]
    assert not found, "project imports inside a function or class body:\n" + "\n".join(found)


def test_no_import_cycle():
    graph, _ = _graph()
    # Package __init__ modules are imported with any of their modules; count only the modules' own edges.
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if d in _parents(m):
                continue
            if state.get(d) == 1:
                cycles.append(" -> ".join(stack[stack.index(d):] + [d]))
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_every_module_of_a_game_is_in_one_of_its_layers():
    graph, _ = _graph()
    outside = [m for m in sorted(graph) if (g := _game(m)) and m != g
               and not any(m == f"{g}.{n}" or m.startswith(f"{g}.{n}.") for n in GAME_LAYERS)]
    assert not outside, f"modules of a game outside its layers {GAME_LAYERS}:\n" + "\n".join(outside)


def test_the_core_imports_no_game():
    graph, _ = _graph()
    found = [f"{m} imports {d}" for m, deps in sorted(graph.items()) if m == "solver.core" or m.startswith("solver.core.")
             for d in sorted(deps) if d == "solver.games" or d.startswith("solver.games.")]
    assert not found, "the core imports a game:\n" + "\n".join(found)


def test_no_game_imports_another_game():
    graph, _ = _graph()
    found = [f"{m} imports {d}" for m, deps in sorted(graph.items()) if (g := _game(m))
             for d in sorted(deps) if _game(d) not in (None, g)]
    assert not found, "a game imports another game:\n" + "\n".join(found)


#: A game's own extras live beside the generic modules of the service and the puzzles in a package named as the
#: game's package (``service.wild_tiled_west``: its HTTP extras; ``puzzles.wild_tiled_west``: its daily puzzle's
#: generator and verifier) and import that game alone; every other module of the service and the puzzles reaches
#: games through the registry and their game objects (``solver.core.protocol``).


def _extras_of(module: str) -> str | None:
    """The game package whose extras ``module`` is (``service.wild_tiled_west.catalog`` →
    ``solver.games.wild_tiled_west``), or None."""
    parts = module.split(".")
    if parts[0] in ("service", "puzzles") and len(parts) > 1 and f"solver.games.{parts[1]}" in GAMES:
        return f"solver.games.{parts[1]}"
    return None


def test_the_service_and_the_puzzles_reach_a_game_through_the_registry():
    graph, _ = _graph()
    extras = {f"{m} imports {d}" for m, deps in graph.items() if (g := _extras_of(m)) for d in deps if _game(d) not in (None, g)}
    assert not extras, "a game's extras import another game:\n" + "\n".join(sorted(extras))
    direct = sorted(f"{m} imports {d}" for m, deps in graph.items()
                    if m.split(".")[0] in ("service", "puzzles") and not _extras_of(m) for d in deps if _game(d))
    assert not direct, "generic modules that import a game (reach it through solver.core.protocol.load):\n" + "\n".join(direct)
    found = sorted(f"{m} imports {d}" for m, deps in graph.items()
                   if m.split(".")[0] in ("service", "puzzles") and not _extras_of(m) for d in deps if _extras_of(d))
    assert not found, "generic modules that import a game's extras (found through the registry instead):\n" + "\n".join(found)
