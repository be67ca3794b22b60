"""The rollouts an artifacts folder keeps, with their scorecards: what the replay commands read.

A source is a cycle's training rollouts (`<A>/rollouts/<cycle>.parquet` beside `<A>/scorecards/<cycle>.parquet`)
or a held-out evaluation's (`cycle-test`, `cycle-0004-test`: the rollouts an evaluation keeps beside its cached
scorecards in `<A>/evaluation_cache/`); a label evaluated under several settings is named once per evaluation, as
`label@key` (the first 8 characters of its cache key), and a bare label then names none of them.
"""

from __future__ import annotations

import json
from pathlib import Path


def rollout_sources(root: Path, wanted: list[str]) -> list[tuple[str, Path, Path]]:
    """(source, rollouts table, scorecards table): every cycle, then every evaluation that kept its rollouts, or
    those `wanted` names (a bare label chooses each of its evaluations). FileNotFoundError names a wanted source
    that is not there, and what is."""
    from paint_pipeline.pipeline.evaluation import evaluation_rollouts_path

    found = {p.stem: (p, root / "scorecards" / p.name) for p in sorted((root / "rollouts").glob("cycle-*.parquet"))
             if (root / "scorecards" / p.name).is_file()}
    for name, path in evaluation_names(root).items():
        if evaluation_rollouts_path(path).is_file():
            found[name] = (evaluation_rollouts_path(path), path)
    chosen = [s for s in found if not wanted or s in wanted or s.split("@")[0] in wanted]
    unknown = [w for w in wanted if not any(s == w or s.split("@")[0] == w for s in chosen)]
    if unknown:
        raise FileNotFoundError(f"no rollouts with scorecards for {unknown} under {root} "
                                f"(there: {', '.join(found) or 'none'})")
    return [(s, *found[s]) for s in chosen]


def evaluations_by_label(root: Path) -> dict[str, list[Path]]:
    """The cached held-out evaluations (scorecards tables) by the label their sample ids carry
    (`eval-<label>/<prompt_id>/<k>`), oldest first."""
    import pyarrow.parquet as pq

    from paint_pipeline.pipeline.evaluation import cached_evaluation_paths

    found: dict[str, list[Path]] = {}
    for path in cached_evaluation_paths(root):
        ids = pq.read_table(path, columns=["sample_id"]).column(0).to_pylist()
        if ids and ids[0].startswith("eval-"):
            found.setdefault(ids[0].split("/", 1)[0].removeprefix("eval-"), []).append(path)
    return {label: sorted(paths, key=lambda p: p.stat().st_mtime) for label, paths in found.items()}


def evaluation_names(root: Path) -> dict[str, Path]:
    """Every cached evaluation by its name: its label, or `label@key` where the label was evaluated more than once."""
    return {label if len(paths) == 1 else f"{label}@{path.stem[:8]}": path
            for label, paths in evaluations_by_label(root).items() for path in paths}


def evaluation_named(root: Path, name: str) -> Path:
    """The cached evaluation (scorecards table) `name` names. FileNotFoundError where none does, or where a bare
    label was evaluated several times (which one is a choice the caller must make): it lists the names there."""
    names = evaluation_names(root)
    if name in names:
        return names[name]
    several = [n for n in names if n.split("@")[0] == name]
    if several:
        raise FileNotFoundError(f"{name!r} was evaluated {len(several)} times under {root / 'evaluation_cache'} "
                                f"(other settings or rewards): name one of {', '.join(several)}")
    raise FileNotFoundError(f"no cached evaluation {name!r} under {root / 'evaluation_cache'} "
                            f"(there: {', '.join(sorted(names)) or 'none'})")


def logits_width(source: str, tokenizer) -> int:
    """The width of the model's logits, from its config (the weights are not needed to replay tokens)."""
    config = Path(source) / "config.json"
    return int(json.loads(config.read_text()).get("vocab_size", len(tokenizer))) if config.is_file() else len(tokenizer)
