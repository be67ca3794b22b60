"""What ending unfinished samples at their last statement changes: stored rollouts re-ended, rendered and scored.

    PAINT_ARTIFACTS=$A paint-pipeline analyze ending-replay [--profile P] [SOURCE ...]

SOURCE is a cycle key or a held-out evaluation label (`analysis/stored_rollouts.py`); default: every cycle, then
every evaluation that kept its rollouts. Each truncated rollout is cut back to its last statement end
(`policy/ending.py`, the sampler's `end_at_statement`); those whose end moves are rendered again (same seed,
same size) and scored under today's reward, the others keep their recorded scorecards. Printed per source:
rollouts, truncated, moved, compile success and mean total as recorded and with the new ends, and how the moved
ones' outcomes changed. The samples are those the policy drew, so it measures the ending alone, not what a policy
trained with it would write.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sources", nargs="*", help="cycle keys or evaluation labels (default: all that have rollouts)")
    parser.add_argument("--profile", default=None, help="the pipeline profile (default: PAINT_PROFILE or default)")


def moved_ends(rollouts: list[dict], pieces: list[str]) -> dict[int, list[int]]:
    """Row index -> the completion's tokens up to its last statement end, for the truncated rows whose end moves."""
    from paint_pipeline.policy.ending import statement_end

    moved = {}
    for i, r in enumerate(rollouts):
        ids = list(r["completion_token_ids"])
        if not r["truncated"]:
            continue
        n = statement_end([pieces[t] if 0 <= t < len(pieces) else "" for t in ids])
        if n is not None and n < len(ids):
            moved[i] = ids[:n]
    return moved


@dataclass
class Replay:
    source: str
    statuses: list[str] = field(default_factory=list)  # recorded, row by row
    totals: list[float] = field(default_factory=list)
    truncated: int = 0
    new: dict[int, tuple[str, float]] = field(default_factory=dict)  # moved row -> (status, total) with its new end

    def line(self) -> str:
        n = len(self.statuses)
        after = [self.new.get(i, (s, t)) for i, (s, t) in enumerate(zip(self.statuses, self.totals))]
        ok_before = sum(s == "SUCCESS" for s in self.statuses) / n
        ok_after = sum(s == "SUCCESS" for s, _ in after) / n
        return (f"{self.source:<22} {n:>5} {self.truncated:>9} {len(self.new):>5}   "
                f"{ok_before:>6.1%} -> {ok_after:>6.1%}   "
                f"{statistics.fmean(self.totals):.3f} -> {statistics.fmean(t for _, t in after):.3f}")

    def changes(self) -> Counter:
        return Counter((self.statuses[i], status) for i, (status, _) in self.new.items())


HEADER = f"{'source':<22} {'n':>5} {'truncated':>9} {'moved':>5}   {'compile success':>16}   {'mean total':>14}"


def replay_source(source: str, rollouts: list[dict], cards: dict[str, dict], pieces: list[str], tokenizer, client,
                  scorer, settings) -> Replay:
    from paint_pipeline.reward.render_and_score import render_and_score
    from paint_pipeline.sketch_code import extract_code

    missing = [r["sample_id"] for r in rollouts if r["sample_id"] not in cards]
    if missing:
        raise ValueError(f"{source}: rollout {missing[0]} has no scorecard")
    versions = {cards[r["sample_id"]]["reward_version"] for r in rollouts}
    if versions != {scorer.version}:
        raise ValueError(f"{source} was scored under {sorted(versions)}, today's reward is {scorer.version}: "
                         "the recorded and the new scores would not compare")
    out = Replay(source, [cards[r["sample_id"]]["status"] for r in rollouts],
                 [float(cards[r["sample_id"]]["total"]) for r in rollouts], sum(bool(r["truncated"]) for r in rollouts))
    moved = moved_ends(rollouts, pieces)
    if moved:
        rows = [rollouts[i] for i in moved]
        codes = [extract_code(tokenizer.decode(ids, skip_special_tokens=True)) for ids in moved.values()]
        _, new_cards = render_and_score(client, scorer, [r["prompt"] for r in rows], codes,
                                        seeds=[int(r["seed"]) % 2**31 for r in rows],
                                        ids=[r["sample_id"] for r in rows], size=settings.render_size,
                                        timeout_ms=settings.render_timeout_ms)
        out.new = {i: (c.status, c.total) for i, c in zip(moved, new_cards)}
    return out


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.analysis.stored_rollouts import logits_width, rollout_sources
    from paint_pipeline.pipeline.settings import SettingsError, load_settings
    from paint_pipeline.pipeline.steps import renderer_for
    from paint_pipeline.policy.guards import token_pieces
    from paint_pipeline.policy.models import ModelLoadError, load_tokenizer, resolve_base_model
    from paint_pipeline.policy.rollouts import RolloutFileError, read_rollouts
    from paint_pipeline.reward import RewardScorer
    from paint_pipeline.reward.table import ScorecardFileError, read_table

    try:
        settings = load_settings(args.profile)
        config = settings.policy_config()
        source = resolve_base_model(config.base_model, config.models_dir)
        tokenizer = load_tokenizer(source)
        sources = rollout_sources(settings.root, list(args.sources))
        scorer = RewardScorer(settings.reward_config())
    except (SettingsError, ModelLoadError, FileNotFoundError) as exc:
        print(f"ending_replay: {exc}", file=sys.stderr)
        return 1
    if not sources:
        print(f"ending_replay: no rollouts with scorecards under {settings.root}", file=sys.stderr)
        return 1
    pieces = token_pieces(tokenizer, logits_width(source, tokenizer))
    print(f"unfinished samples ended at their last statement, replayed ({settings.root}, reward {scorer.version})")
    print(HEADER)
    results = []
    try:
        with renderer_for(settings) as client:
            for name, rollouts_path, cards_path in sources:
                rollouts = read_rollouts(rollouts_path).to_pylist()
                cards = {c["sample_id"]: c for c in read_table(cards_path).to_pylist()}
                results.append(replay_source(name, rollouts, cards, pieces, tokenizer, client, scorer, settings))
                print(results[-1].line(), flush=True)
    except (RolloutFileError, ScorecardFileError, ValueError) as exc:
        print(f"ending_replay: {exc}", file=sys.stderr)
        return 1
    changes = sum((r.changes() for r in results), Counter())
    print("outcomes of the moved samples (recorded -> new end): " +
          (", ".join(f"{a} -> {b} {n}" for (a, b), n in changes.most_common()) or "none moved"))
    return 0
