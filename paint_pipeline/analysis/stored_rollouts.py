"""The rollouts an artifacts folder keeps, with their scorecards: what the replay commands read.

A source is a cycle's training rollouts (`<A>/rollouts/<cycle>.parquet` beside `<A>/scorecards/<cycle>.parquet`)
or a held-out evaluation's (`cycle-test`, `cycle-0004-test`: the rollouts an evaluation keeps beside its cached
scorecards in `<A>/evaluation_cache/`); a label evaluated under several settings is named once per evaluation, as
`label@key`.
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
    for label, paths in evaluations_by_label(root).items():
        paths = [p for p in paths if evaluation_rollouts_path(p).is_file()]
        for path in paths:  # one label evaluated under several settings: named by its key too
            found[label if len(paths) == 1 else f"{label}@{path.stem[:8]}"] = (evaluation_rollouts_path(path), path)
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


def logits_width(source: str, tokenizer) -> int:
    """The width of the model's logits, from its config (the weights are not needed to replay tokens)."""
    config = Path(source) / "config.json"
    return int(json.loads(config.read_text()).get("vocab_size", len(tokenizer))) if config.is_file() else len(tokenizer)
