"""The package's shape: no import cycle, no private name used across modules.

Read from the source with :mod:`ast` (nothing is imported), so the test sees
every import: at module level, inside functions (lazy imports) and under
``TYPE_CHECKING`` alike.  A cycle is a strongly connected group of modules
in the graph "module A imports module B"; ``from package import module``
counts as an import of that module.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "swisschess"

#: Cycles other branches are removing, as the exact set of modules; delete an
#: entry when its cycle is gone (the test then says so).
KNOWN_CYCLES: list[frozenset[str]] = []

#: (importing module, imported module, private name) allowed for now.
KNOWN_PRIVATE: set[tuple[str, str, str]] = set()


def modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package)."""
    out = {}
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        out[".".join(parts)] = (path, is_pkg)
    return out


MODULES = modules()


def _module_of(name: str) -> str | None:
    """The longest prefix of ``name`` that is one of our modules."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def imports(mod: str) -> tuple[set[str], list[tuple[str, str, int]]]:
    """The modules ``mod`` imports, and the private names it takes from them
    (``(module, name, line)``): ``from m import _x`` or ``m._x`` on an
    imported module ``m``."""
    path, is_pkg = MODULES[mod]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = mod if is_pkg else mod.rpartition(".")[0]
    deps: set[str] = set()
    private: list[tuple[str, str, int]] = []
    bound: dict[str, str] = {}  # local name -> our module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                target = _module_of(a.name)
                if target:
                    deps.add(target)
                    if a.asname:
                        bound[a.asname] = a.name if a.name in MODULES else target
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for a in node.names:
                full = f"{source}.{a.name}"
                if full in MODULES:  # from package import module
                    deps.add(full)
                    bound[a.asname or a.name] = full
                    continue
                target = _module_of(source)
                if target:
                    deps.add(target)
                    if _private(a.name):
                        private.append((target, a.name, node.lineno))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and _private(node.attr)):
            private.append((bound[node.value.id], node.attr, node.lineno))
    deps.discard(mod)
    return deps, private


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        group.add(w)
                        if w == v:
                            break
                    if len(group) > 1:
                        found.append(frozenset(group))
    return found


def _graph() -> dict[str, set[str]]:
    return {m: imports(m)[0] for m in MODULES}


def test_the_cycle_finder_finds_cycles():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e2"}, "e2": set()}
    assert cycles(g) == [frozenset({"a", "b", "c"})]


def test_no_import_cycle():
    found = cycles(_graph())
    new = [sorted(c) for c in found if c not in KNOWN_CYCLES]
    assert not new, f"import cycles in src/{PACKAGE}: {new}"
    gone = [sorted(c) for c in KNOWN_CYCLES if c not in found]
    assert not gone, f"these cycles are gone: delete them from KNOWN_CYCLES: {gone}"


def test_no_private_name_used_across_modules():
    used = set()
    bad = []
    for mod in MODULES:
        for target, name, line in imports(mod)[1]:
            if target == mod:
                continue
            if (mod, target, name) in KNOWN_PRIVATE:
                used.add((mod, target, name))
                continue
            bad.append(f"{MODULES[mod][0].relative_to(SRC)}:{line}: {name} from {target}")
    assert not bad, "private names used across modules:\n" + "\n".join(bad)
    assert used == KNOWN_PRIVATE, f"delete from KNOWN_PRIVATE: {sorted(KNOWN_PRIVATE - used)}"


def test_the_rules_do_not_import_the_dispatcher():
    """Systems return :mod:`swisschess.pairing.result` types; only the registry
    knows the systems (so adding one is a one-place change)."""
    g = _graph()
    for mod, deps in g.items():
        if mod.startswith(f"{PACKAGE}.rules."):
            assert not deps & {f"{PACKAGE}.pairing.api", f"{PACKAGE}.pairing.registry"}, mod
    assert g[f"{PACKAGE}.pairing.result"] == set()


# ----------------------------------------------------- direction of imports
#: The layers of docs/architecture.md, bottom up (issue 28 step 1): a module
#: imports only from its own layer and the layers below it.  A name is a
#: package (every module under it) or one module; the longest match wins.
#: ``pairing/`` holds two layers: the solver and the result types below the
#: rules, the system table and the one door above them.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("model", ("model",)),
    ("formats", ("formats",)),
    ("pairing core", ("pairing", "pairing.result", "pairing.blossom", "pairing.matching",
                      "pairing.reduced", "pairing.classlp")),
    ("rules", ("rules",)),
    ("system table and door", ("pairing.registry", "pairing.api")),
    ("checking, explain, standings, teams", ("checking", "explain", "standings", "teams")),
    ("store", ("store",)),
    ("interfaces", ("cli", "web", "__main__")),
]

#: Beside the layers: importable from any layer (they import nothing else of
#: ours but each other); ``i18n.web`` (middleware, templates) by ``web`` only.
#: ``model.points`` is the one points formatter, a leaf that ``i18n`` wraps.
BESIDE = {"", "i18n", "i18n.terms", "i18n.messages", "i18n.catalogues", "model.points"}
WEB_ONLY = {"i18n.web"}

#: The pure layers (below the store): no file, network or console I/O.
PURE = ("model", "pairing core")
IO_MODULES = {"io", "os", "sys", "pathlib", "shutil", "tempfile", "subprocess", "socket",
              "sqlite3", "urllib", "http", "requests", "httpx"}
IO_CALLS = {"open", "print", "input"}


def _short(mod: str) -> str:
    return mod[len(PACKAGE) + 1:] if mod != PACKAGE else ""


def layer_of(mod: str) -> int | None:
    """Index in :data:`LAYERS` of a module (None: beside the layers)."""
    name = _short(mod)
    if name in BESIDE or name in WEB_ONLY:
        return None
    best, rank = -1, None
    for k, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (name == p or name.startswith(p + ".")) and len(p) > best:
                best, rank = len(p), k
    assert rank is not None, f"{mod} has no layer: add it to LAYERS (and docs/architecture.md)"
    return rank


def test_every_module_has_a_layer_and_the_table_is_sound():
    for mod in MODULES:
        layer_of(mod)
    assert layer_of(f"{PACKAGE}.pairing.api") > layer_of(f"{PACKAGE}.rules.dutch")
    assert layer_of(f"{PACKAGE}.pairing.blossom") < layer_of(f"{PACKAGE}.rules.dutch")
    assert layer_of(f"{PACKAGE}.formats.trf") < layer_of(f"{PACKAGE}.rules.dutchcore")


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import that goes up the layers, as ``importer -> imported``."""
    bad = []
    for mod, deps in sorted(graph.items()):
        here = layer_of(mod)
        for dep in sorted(deps):
            there = layer_of(dep)
            if _short(dep) in WEB_ONLY:
                if not _short(mod).startswith("web"):
                    bad.append(f"{mod} -> {dep} (web only)")
                continue
            if here is None:  # beside the layers: only each other
                if there is not None:
                    bad.append(f"{mod} -> {dep} (i18n imports no layer)")
                continue
            if there is not None and there > here:
                bad.append(f"{mod} ({LAYERS[here][0]}) -> {dep} ({LAYERS[there][0]})")
    return bad


def test_the_direction_finder_finds_an_upward_import():
    graph = {
        f"{PACKAGE}.rules.dutch": {f"{PACKAGE}.pairing.api", f"{PACKAGE}.model.history"},
        f"{PACKAGE}.formats.trf": {f"{PACKAGE}.rules.dutch"},
        f"{PACKAGE}.store.events": {f"{PACKAGE}.i18n.web"},
        f"{PACKAGE}.cli.engine": {f"{PACKAGE}.pairing.api", f"{PACKAGE}.i18n"},
    }
    assert upward_imports(graph) == [
        f"{PACKAGE}.formats.trf (formats) -> {PACKAGE}.rules.dutch (rules)",
        f"{PACKAGE}.rules.dutch (rules) -> {PACKAGE}.pairing.api (system table and door)",
        f"{PACKAGE}.store.events -> {PACKAGE}.i18n.web (web only)",
    ]


def test_imports_go_down_the_layers():
    """The system table and the door sit above the rules; the rules never
    import them, nor the store, the command line or the web app; formats never
    import the rules; nothing below the interfaces imports them."""
    bad = upward_imports(_graph())
    assert not bad, "imports against the layers of docs/architecture.md:\n" + "\n".join(bad)


def test_the_pure_layers_do_no_io():
    """The model and the pairing core take a state and return a result: no
    files, console, processes or network (reading files is formats' and the
    commands' job)."""
    bad = []
    for mod, (path, _) in MODULES.items():
        here = layer_of(mod)
        if here is None or LAYERS[here][0] not in PURE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            for name in names:
                if name.partition(".")[0] in IO_MODULES:
                    bad.append(f"{path.relative_to(SRC)}:{node.lineno}: imports {name}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in IO_CALLS):
                bad.append(f"{path.relative_to(SRC)}:{node.lineno}: calls {node.func.id}()")
    assert not bad, "I/O in the pure layers:\n" + "\n".join(bad)
