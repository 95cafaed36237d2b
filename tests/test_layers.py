"""rulescore's imports run one way: games -> play -> core, with no circle anywhere.

Every module under rulescore/ is read with ``ast`` (nothing is imported): each import of a
rulescore module counts, at module level, inside a function or under ``TYPE_CHECKING``.
Relative imports are resolved; ``from . import x`` counts as importing the submodule ``x``
when ``x`` is a module, else as importing the package. Importing ``a.b.c`` also runs the
packages ``a.b`` and ``a``, but a package's ``__init__`` importing its own modules is how
a package is made, so only the module named counts, not its parents.

The layers (ARCHITECTURE.md, "rulescore"):

- the games: ``rulescore.bfrpg``, ``rulescore.gurps``, ``rulescore.shell``;
- the play layer: ``rulescore.play`` (sessions, fights, the table's seats); it never imports a
  game: each game registers its session and fight rules (``rulescore.play.registry``);
- the core: every other module of rulescore but the top-level entry points below; it imports
  neither the play layer nor a game.

The entry points that put the layers together (the package itself, the CLI, the page's
answers, the importers, the old paths kept for callers) may import anything, but nothing
in the layers imports them.

Beside the layers, the line limit (issue 45): no module of rulescore and no file in widgets/
(Python, JavaScript, CSS) is longer than 450 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulescore"

GAMES = ("rulescore.bfrpg", "rulescore.gurps", "rulescore.shell")
PLAY = "rulescore.play"
# What puts the layers together: above the games, imported by nothing in rulescore's layers.
ENTRY_POINTS = {
    "rulescore", "rulescore.__main__", "rulescore.web", "rulescore.importers",
    # The old paths, kept for callers: thin re-exports of the play layer.
    "rulescore.session", "rulescore.seats", "rulescore.web_session",
}


def module_names() -> dict[str, Path]:
    """Every module under rulescore/, by its dotted name (a package by its own name)."""
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


MODULES = module_names()


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def imports_of(name: str) -> set[str]:
    """The rulescore modules one module imports, anywhere in its text."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"), filename=str(MODULES[name]))
    here = name if is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = here.split(".")
                if node.level > 1:
                    base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts)
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return {imported for imported in found if imported in MODULES and imported != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules in order, the first repeated at the end), or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(graph, WHITE)
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = GREY
        stack.append(node)
        for nxt in sorted(graph[node]):
            if colour[nxt] == GREY:
                return stack[stack.index(nxt):] + [nxt]
            if colour[nxt] == WHITE:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        colour[node] = BLACK
        return None

    for start in sorted(graph):
        if colour[start] == WHITE:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def all_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (each an import circle or several)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    parts: list[list[str]] = []
    counter = [0]

    def connect(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                parts.append(sorted(part))

    for start in sorted(graph):
        if start not in index:
            connect(start)
    return parts


def layer(name: str) -> str:
    if name in ENTRY_POINTS:
        return "entry"
    if any(name == game or name.startswith(game + ".") for game in GAMES):
        return "game"
    if name == PLAY or name.startswith(PLAY + "."):
        return "play"
    return "core"


def test_the_reader_finds_imports_in_functions_and_relative_ones():
    assert len(MODULES) > 80
    assert "rulescore.core" in GRAPH["rulescore.rolls"]  # from .core import (...)
    assert "rulescore.dice" in GRAPH["rulescore.rolls"]  # from . import dice as dice_module: the submodule
    assert "rulescore.gurps.common" in GRAPH["rulescore.gurps.melee"]  # from .common import ...
    assert "rulescore.play.common" in GRAPH["rulescore.gurps.session"]  # from ..play.common import ...
    assert "rulescore.gurps.fight" in GRAPH["rulescore.gurps"]  # imported inside a function


def test_the_reader_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert all_cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


def test_no_import_circle_in_rulescore():
    cycle = find_cycle(GRAPH)
    if cycle:
        parts = all_cycles(GRAPH)
        described = "\n".join(f"  {len(part)} modules: {', '.join(part)}" for part in parts)
        print("import circle:", " -> ".join(cycle))
        print("modules tied in circles:\n" + described)
        pytest.fail("import circle: " + " -> ".join(cycle) + "\nmodules tied in circles:\n" + described)


def test_the_layers_run_one_way_games_play_core():
    allowed = {"entry": {"entry", "game", "play", "core"}, "game": {"game", "play", "core"},
               "play": {"play", "core"}, "core": {"core"}}
    wrong = sorted(f"{name} ({layer(name)}) imports {imported} ({layer(imported)})"
                   for name, imports in GRAPH.items() for imported in imports
                   if layer(imported) not in allowed[layer(name)])
    assert not wrong, "imports against the layers (games -> play -> core):\n" + "\n".join(wrong)


def test_the_play_layer_is_a_package_and_imports_no_game():
    assert PLAY in MODULES and is_package(PLAY)
    games = sorted(f"{name} imports {imported}" for name, imports in GRAPH.items() if layer(name) == "play"
                   for imported in imports if layer(imported) == "game")
    assert not games, "\n".join(games)


MOST_LINES = 450  # a module longer than this does two things: split it by concern (issue 45)


def test_no_module_in_rulescore_is_longer_than_450_lines():
    long = {name: count for name, path in MODULES.items()
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"modules above {MOST_LINES} lines: {long}"


WIDGETS = ROOT / "widgets"
WIDGET_SUFFIXES = {".py", ".js", ".mjs", ".css"}  # the build side and the browser side alike


def test_no_file_in_widgets_is_longer_than_450_lines():
    long = {path.relative_to(ROOT).as_posix(): count for path in sorted(WIDGETS.rglob("*"))
            if path.suffix in WIDGET_SUFFIXES and path.is_file()
            and (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"files in widgets/ above {MOST_LINES} lines: {long}"
