"""Which past completions a decoding guard would have changed: stored rollouts replayed through it.

    PAINT_ARTIFACTS=$A paint-pipeline analyze guard-replay --guards stroke [--profile P] [SOURCE ...]

For each source's rollouts and scorecards (a cycle's training rollouts or a held-out evaluation's,
`analysis/stored_rollouts.py`; default: every cycle, then every evaluation that kept its rollouts), rebuilds the
masks the named guards would have applied to each completion, token by token, and counts by render outcome the
completions holding a token the guards forbid. For a new guard that says how many of the failures it is
aimed at it would have stopped, and how many sketches that rendered it would have altered (what it costs).
It samples nothing: what the model would have written instead is `paint-pipeline sample --guards ...`.

With `--corpus`, instead: the sketches the policy learnt from (the warm start's corpus, two procedural sketches
per train prompt) and the benchmark's, which all render, read with the profile's tokenizer. A guard must forbid
none of their tokens; the test suite checks it with the tiny tokenizer, which splits the text otherwise.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sources", nargs="*", help="cycle keys or evaluation labels (default: all that have rollouts)")
    parser.add_argument("--guards", required=True, help="comma-separated guard names (policy/guards/)")
    parser.add_argument("--profile", default=None, help="the pipeline profile (default: PAINT_PROFILE or default)")
    parser.add_argument("--corpus", action="store_true", help="instead: the warm start's and the benchmark's "
                        "sketches; how many the guards apply in, and forbid a token of")


def corpus_sketches() -> list[str]:
    """The warm start's corpus (two procedural sketches per train prompt), then the benchmark's sketches."""
    from paint_pipeline.prompts import load_split
    from paint_pipeline.render.bench import load_corpus
    from paint_pipeline.warm_start.procedural import corpus

    pairs = corpus([(p.prompt, p.category) for p in load_split("train")], per_prompt=2)
    return [code for _, code in pairs] + [code for _, code in load_corpus(None, None)]


def replay_corpus(guards, tokenizer) -> tuple[int, int, list[str]]:
    """(sketches, those the guards apply in, the first forbidden place of each they forbid a token of), each sketch
    written as the warm start writes its completions."""
    from paint_pipeline.policy.guards import masks_for_completion
    from paint_pipeline.warm_start.sft import completion_text

    applied, forbidden = 0, []
    sketches = corpus_sketches()
    for code in sketches:
        ids = tokenizer("Here it is:\n" + completion_text(code), add_special_tokens=False).input_ids
        try:
            applied += bool(masks_for_completion(guards, ids))
        except ValueError as exc:
            forbidden.append(str(exc))
    return len(sketches), applied, forbidden


def replay(rollouts: list[dict], cards: dict[str, dict], guards) -> Counter:
    """(outcome, changed) counts: `changed` when some token of the completion lies outside the guards' mask."""
    from paint_pipeline.pipeline.evaluation import HACK_FLAGS
    from paint_pipeline.policy.guards import masks_for_completion
    from paint_pipeline.render.outcomes import outcome

    counts: Counter = Counter()
    for r in rollouts:
        card = cards.get(r["sample_id"])
        if card is None:
            raise ValueError(f"rollout {r['sample_id']} has no scorecard")
        try:
            masks_for_completion(guards, r["completion_token_ids"])
            changed = False
        except ValueError:
            changed = True
        counts[(_outcome(card, outcome, HACK_FLAGS), changed)] += 1
    return counts


def _outcome(card: dict, outcome, hack_flags) -> str:
    """The render outcome; for a painting that rendered, the hack detectors that flagged it too (a guard aimed at
    blank canvases is judged on those)."""
    kind = outcome(card["status"], card["compile_explanation"])
    flags = sorted(f for f in card.get("flags") or () if f in hack_flags)
    return f"{kind}, flagged {', '.join(flags)}" if kind == "SUCCESS" and flags else kind


def table(counts: Counter) -> list[str]:
    kinds = sorted({k for k, _ in counts},
                   key=lambda k: (not k.startswith("SUCCESS"), -(counts[(k, False)] + counts[(k, True)]), k))
    width = max(20, *(len(k) for k in kinds))
    lines = [f"{'outcome':<{width}}  rollouts  changed by the guards"]
    for k in kinds:
        n, changed = counts[(k, False)] + counts[(k, True)], counts[(k, True)]
        lines.append(f"{k:<{width}}  {n:>8}  {changed:>8}")
    total = sum(counts.values())
    lines.append(f"{'all':<{width}}  {total:>8}  {sum(v for (_, c), v in counts.items() if c):>8}")
    return lines


def run(args: argparse.Namespace) -> int:
    from paint_pipeline.analysis.stored_rollouts import logits_width, rollout_sources
    from paint_pipeline.pipeline.settings import SettingsError, load_settings
    from paint_pipeline.policy.guards import GUARDS, GuardSet, guard_ids
    from paint_pipeline.policy.models import ModelLoadError, load_tokenizer, resolve_base_model
    from paint_pipeline.policy.rollouts import RolloutFileError, read_rollouts
    from paint_pipeline.reward.table import ScorecardFileError, read_table

    names = [g for g in args.guards.split(",") if g]
    unknown = [g for g in names if g not in GUARDS]
    if not names or unknown:
        print(f"guard_replay: unknown guards {unknown or names}; known: {', '.join(sorted(GUARDS))}", file=sys.stderr)
        return 2
    try:
        settings = load_settings(args.profile)
        config = settings.policy_config()
        source = resolve_base_model(config.base_model, config.models_dir)
        tokenizer = load_tokenizer(source)
    except (SettingsError, ModelLoadError) as exc:
        print(f"guard_replay: {exc}", file=sys.stderr)
        return 1
    guards = GuardSet(names, tokenizer, logits_width(source, tokenizer))
    if args.corpus:
        if args.sources:
            print(f"guard_replay: --corpus reads the corpus, not stored rollouts: drop {' '.join(args.sources)}",
                  file=sys.stderr)
            return 2
        n, applied, forbidden = replay_corpus(guards, tokenizer)
        print(f"guards {','.join(guard_ids(names))} over the warm start's and the benchmark's {n} sketches "
              f"({source}'s tokenizer): they apply in {applied}, forbid a token of {len(forbidden)}")
        for place in forbidden:
            print(f"  {place}")
        return 1 if forbidden else 0

    try:
        sources = rollout_sources(settings.root, list(args.sources))
    except FileNotFoundError as exc:
        print(f"guard_replay: {exc}", file=sys.stderr)
        return 1
    if not sources:
        print(f"guard_replay: no rollouts with scorecards under {settings.root}", file=sys.stderr)
        return 1
    counts: Counter = Counter()
    try:
        for _, rollouts_path, cards_path in sources:
            rollouts = read_rollouts(rollouts_path).to_pylist()
            cards = {c["sample_id"]: c for c in read_table(cards_path).to_pylist()}
            counts += replay(rollouts, cards, guards)
    except (RolloutFileError, ScorecardFileError, ValueError) as exc:
        print(f"guard_replay: {exc}", file=sys.stderr)
        return 1
    print(f"guards {','.join(guard_ids(names))} replayed over the rollouts of "
          f"{', '.join(name for name, _, _ in sources)} ({settings.root})")
    print("\n".join(table(counts)))
    return 0
