"""The procedural generator's paintings of the train prompts, scored by the reward: which ones it punishes.

The warm start teaches the policy the generator's paintings, so a painting the reward flags (a barcode, noise,
flat fills, text) or scores low teaches the policy what GRPO then has to unlearn. This renders the generator's
sketch of every train prompt for each seed, scores it (the palette alignment backend by default: the flags and
the richness tier do not depend on the judge, and it needs no fitted map) and lists the unhealthy ones:

    .venv/bin/paint-pipeline analyze generator-health [--seeds 0 1 2] [--category water] [--sheet OUT.jpg]
"""

from __future__ import annotations

import argparse
import io
from collections import Counter
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Painting:
    prompt: str
    category: str
    seed: int
    total: float
    richness: float
    flags: tuple[str, ...]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2], help="generator seeds per prompt")
    parser.add_argument("--category", action="append", default=None,
                        help="only this category (repeatable); default: every category of the train prompts")
    parser.add_argument("--min-total", type=float, default=0.4, help="a lower total is unhealthy")
    parser.add_argument("--min-richness", type=float, default=0.4, help="a lower richness tier is unhealthy")
    parser.add_argument("--alignment-backend", default="palette",
                        help="alignment backend of the reward (default palette: cheap, no fitted map needed)")
    parser.add_argument("--sheet", type=Path, default=None,
                        help="write a captioned contact sheet (JPEG) of the unhealthy paintings here")


def unhealthy(paintings: list[Painting], min_total: float, min_richness: float) -> list[Painting]:
    """Paintings a detector flagged or that score low, in the given order."""
    return [p for p in paintings if p.flags or p.total < min_total or p.richness < min_richness]


def summary(paintings: list[Painting], bad: list[Painting]) -> list[str]:
    """Lines to print: the mean total, the unhealthy count by category and by flag, then each one."""
    mean = sum(p.total for p in paintings) / len(paintings)
    by_category = Counter(p.category for p in bad)
    flags = Counter(f for p in bad for f in p.flags)
    lines = [f"{len(paintings)} paintings ({len({p.prompt for p in paintings})} prompts), mean total {mean:.3f}; "
             f"unhealthy: {len(bad)} ({len({p.prompt for p in bad})} prompts)"]
    if bad:
        lines.append("  by category: " + ", ".join(f"{c} {n}" for c, n in sorted(by_category.items())))
        lines.append("  by flag: " + (", ".join(f"{f} {n}" for f, n in flags.most_common()) or "none") +
                     f"; low score without a flag: {sum(1 for p in bad if not p.flags)}")
    for p in bad:
        lines.append(f"  {p.category:<9} seed {p.seed}  total {p.total:.2f}  richness {p.richness:.2f}  "
                     f"{','.join(p.flags) or '-':<22} {p.prompt}")
    return lines


def sheet_entries(paintings: list[Painting], images: list, bad: list[Painting]) -> list[tuple[object, str]]:
    """(image, caption) of each unhealthy painting, in order; images[k] is paintings[k]'s PNG or render status.
    A painting is one (prompt, seed), so equal paintings are the same one."""
    return [(image, f"{p.prompt} (seed {p.seed}: {' '.join([f'{p.total:.2f}', *p.flags])})")
            for p, image in zip(paintings, images) if p in bad]


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from paint_pipeline.prompts import load_split
    from paint_pipeline.render import RendererService, RenderItem
    from paint_pipeline.reward import RewardConfig, RewardScorer, Sample
    from paint_pipeline.warm_start.procedural import generate_sketch

    prompts = load_split("train")
    categories = sorted({p.category for p in prompts})
    unknown = sorted(set(args.category or []) - set(categories))
    if unknown:
        raise SystemExit(f"no train prompt of category {', '.join(unknown)} (categories: {', '.join(categories)})")
    prompts = [p for p in prompts if not args.category or p.category in args.category]
    jobs = [(p, seed) for p in prompts for seed in args.seeds]
    codes = [generate_sketch(p.prompt, p.category, seed) for p, seed in jobs]
    items = [RenderItem(id=f"{p.prompt_id}-{seed}", code=code, seed=1, size=256)
             for (p, seed), code in zip(jobs, codes)]
    results = []
    with RendererService(pool_size=2) as client:
        for start in tqdm(range(0, len(items), 24), desc="render", unit="batch"):
            results += client.render_batch(items[start:start + 24], timeout_ms=30000)
    scorer = RewardScorer(RewardConfig(alignment_backend=args.alignment_backend))
    cards = scorer.score([Sample(p.prompt, code, r, p.prompt_id) for (p, _), code, r in zip(jobs, codes, results)])
    paintings = [Painting(p.prompt, p.category, seed, card.total, card.tiers["richness"].score, tuple(card.flags))
                 for (p, seed), card in zip(jobs, cards)]
    bad = unhealthy(paintings, args.min_total, args.min_richness)
    print(f"reward {scorer.version} (alignment backend {args.alignment_backend})")
    print("\n".join(summary(paintings, bad)))
    if args.sheet and bad:
        from paint_pipeline.analysis.contact_sheet import contact_sheet
        from paint_pipeline.fileio import atomic_write_bytes

        entries = sheet_entries(paintings, [r.png or r.status for r in results], bad)
        buf = io.BytesIO()
        contact_sheet([image for image, _ in entries], 5, 220, gap=6,
                      captions=[caption for _, caption in entries]).save(buf, format="JPEG", quality=88)
        print(f"{atomic_write_bytes(args.sheet, buf.getvalue())}: {len(bad)} paintings")
    return 0
