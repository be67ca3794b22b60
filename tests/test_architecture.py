"""The folder tree is the architecture: imports between packages point one way, and modules stay small.

docs/DESIGN.md draws the layers; this test is what keeps them true. Every import counts, including those inside
functions, since a lazy import upward is still a dependency upward.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "paint_pipeline"

# Lowest first. A module may import its own package and any package of a lower layer, never a higher one. The
# foundation's single modules (errors, paths, file and table I/O, prompts, colour science, the p5.brush API
# sketches may call, progress) share one layer.
LAYERS: list[set[str]] = [
    {"errors", "paths", "fileio", "typed_config", "parquet_io", "imaging", "sketch_code", "prompts", "progress",
     "procstat", "colour", "brush_api", "page_globals"},
    {"render"},
    {"reward"},
    {"policy"},
    {"warm_start"},
    {"pipeline"},
    {"publish"},
    {"benchmarks", "analysis"},
    {"orchestration"},
    {"defs", "definitions"},
    {"cli"},
]
RANK = {name: i for i, layer in enumerate(LAYERS) for name in layer}
MAX_LINES = 500


def _top(dotted: str) -> str | None:
    parts = dotted.split(".")
    return parts[1] if parts[0] == "paint_pipeline" and len(parts) > 1 else None


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(node.lineno, node.module)] + [(node.lineno, f"{node.module}.{a.name}") for a in node.names
                                                      if node.module == "paint_pipeline"]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return [(line, name) for line, name in found if _top(name)]


def _modules(package: Path = PACKAGE) -> list[Path]:
    return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)


def upward_imports(package: Path = PACKAGE) -> list[str]:
    found = []
    for path in _modules(package):
        own = path.relative_to(package).parts[0].removesuffix(".py")
        for line, name in _imports(path):
            target = _top(name)
            if target != own and RANK[target] > RANK[own]:
                found.append(f"{path.relative_to(package).as_posix()}:{line} ({own}) imports {name} ({target})")
    return found


def test_every_package_has_a_layer():
    tops = {p.relative_to(PACKAGE).parts[0].removesuffix(".py") for p in _modules()} - {"__init__"}
    assert tops <= set(RANK), f"packages with no layer in LAYERS (add them, and to docs/DESIGN.md): {tops - set(RANK)}"


def test_imports_between_packages_point_down():
    upward = upward_imports()
    assert not upward, "imports that point up a layer:\n" + "\n".join(upward)


def test_no_module_is_over_500_lines():
    long = {str(p.relative_to(PACKAGE.parent)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (split them by job): {long}"


def test_an_upward_import_is_seen_even_inside_a_function(tmp_path):
    (tmp_path / "render").mkdir()
    (tmp_path / "render" / "sneaky.py").write_text(
        "def f():\n    from paint_pipeline.pipeline.settings import load_settings\n")
    (tmp_path / "pipeline").mkdir()
    (tmp_path / "pipeline" / "fine.py").write_text(
        "from paint_pipeline.render import client\nimport paint_pipeline.reward\n")
    assert upward_imports(tmp_path) == [
        "render/sneaky.py:2 (render) imports paint_pipeline.pipeline.settings (pipeline)"]


def unresolved_imports(package: Path = PACKAGE) -> list[str]:
    """Every `from paint_pipeline.x import y` in the package, at module level or inside a function, that names a
    module or a name that does not exist: a lazy import of a moved module fails only when its branch runs."""
    import importlib

    missing = []
    for path in _modules(package):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and node.module and not node.level and _top(node.module)):
                continue
            where = f"{path.relative_to(package.parent).as_posix()}:{node.lineno}"
            try:
                module = importlib.import_module(node.module)
            except ImportError as exc:
                missing.append(f"{where}: {node.module} ({exc})")
                continue
            for alias in node.names:
                if hasattr(module, alias.name):
                    continue
                try:
                    importlib.import_module(f"{node.module}.{alias.name}")
                except ImportError:
                    missing.append(f"{where}: {node.module} has no {alias.name}")
    return missing


def test_every_import_of_our_own_modules_resolves():
    missing = unresolved_imports()
    assert not missing, "imports of modules or names that do not exist:\n" + "\n".join(missing)
