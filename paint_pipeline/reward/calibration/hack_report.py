"""`paint-pipeline calibrate --hacks`: does honest painting beat every hack, prompt by prompt?

Each bench painting is scored under its own prompt (`data/judge/bench_prompts.jsonl`); under the same prompt
so is every hack of `hack_corpus.py`: the fixed ones (one picture for every prompt) and the prompt-specific
ones (colour charts written from that prompt's colour words). A hack "wins" a prompt when its total reaches
the honest painting's. A copied bench painting is not scored under its own prompt: there it is the honest
painting, and their order would be decided by the renderer's pixel noise. Beside the wins, the report counts the
prompts where alignment alone ranks the hack at or above the honest painting: where a hack is as rich and as
brushy as honest art (a copied painting is honest art), only alignment can separate them, and that count says
how far the alignment judge, not the weighting of the tiers, is the limit; `--wins` lists, for each fixed hack
below target, the prompts it wins, with its total and alignment against the honest painting's.
Targets (issue 27): honest art beats each fixed hack on at least 90% of prompts and on the mean; prompt-specific
charts win at most 25% of prompts; brush calls off the canvas or state-only earn no brush credit. The honest
mechanical set (`data/calibration/honest_mechanical.jsonl`: rings, dots, stripes, quilts asked for by their
prompts) is scored too: a detector of mechanical pictures must leave those alone.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.render.client import RenderItem
from paint_pipeline.reward.calibration.hack_corpus import Hack, fixed_hacks, prompt_hacks, without_header
from paint_pipeline.reward.calibration.judge_matrix import MATRIX_SET, load_matrix_set
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import TIERS
from paint_pipeline.reward.scorecard import Sample, Scorecard
from paint_pipeline.reward.tiers.full_credit import CRAFT_TIERS

HONEST_MECHANICAL = REPO_ROOT / "data" / "calibration" / "honest_mechanical.jsonl"
FIXED_BEAT_TARGET = 0.90
PROMPT_WIN_CEILING = 0.25
STATE_ONLY_CLASS = "i"  # the hack class whose p5.brush calls are off the canvas or change state only


@dataclass
class HackRow:
    name: str
    hack_class: str
    prompt_specific: bool
    totals: list[float] = field(default_factory=list)
    honest: list[float] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    honest_alignment: list[float] = field(default_factory=list)  # the honest painting's, per prompt
    tiers: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    flags: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    @property
    def wins(self) -> int:
        return int(sum(h >= o for h, o in zip(self.totals, self.honest)))

    @property
    def aligned_at_least(self) -> list[bool]:
        """Per prompt: does alignment alone rank the hack at or above the honest painting?"""
        return [a >= h for a, h in zip(self.tiers["alignment"], self.honest_alignment)]

    @property
    def beaten_share(self) -> float:
        return 1.0 - self.wins / len(self.totals)

    @property
    def beaten_on_alignment(self) -> float:
        """The share of prompts where alignment alone ranks the honest painting above the hack."""
        return 1.0 - sum(self.aligned_at_least) / len(self.aligned_at_least)

    def win_lines(self) -> list[str]:
        """One line per prompt the hack wins: its total and alignment against the honest painting's."""
        out = []
        for k, prompt in enumerate(self.prompts):
            if self.totals[k] < self.honest[k]:
                continue
            out.append(f"{prompt[:54]:<54} total {self.totals[k]:.3f} vs {self.honest[k]:.3f}; alignment "
                       f"{self.tiers['alignment'][k]:.2f} vs {self.honest_alignment[k]:.2f}")
        return out


@dataclass
class HackReport:
    reward_version: str
    backend: str
    honest_mean: float
    honest_tiers: dict[str, float]
    rows: list[HackRow]
    mechanical: list[tuple[str, str, Scorecard]]
    # The craft tiers' raw scores (before full credit) at the honest paintings' tenth percentile: what the
    # `<tier>_full` levels are set from (`tiers/full_credit.py`).
    honest_raw_p10: dict[str, float] = field(default_factory=dict)

    def verdicts(self) -> list[tuple[str, bool, str]]:
        fixed = [r for r in self.rows if not r.prompt_specific]
        charts = [r for r in self.rows if r.prompt_specific]
        worst = min(fixed, key=lambda r: r.beaten_share)
        strongest = max(fixed, key=lambda r: float(np.mean(r.totals)))
        chart_wins = sum(r.wins for r in charts) / max(1, sum(len(r.totals) for r in charts))
        hidden = [r for r in fixed if r.hack_class.startswith(STATE_ONLY_CLASS)]
        hidden_brush = max((max(r.tiers["brush"]) for r in hidden), default=0.0)
        verdicts = [
            (f"honest art beats every fixed hack on >= {FIXED_BEAT_TARGET:.0%} of prompts",
             worst.beaten_share >= FIXED_BEAT_TARGET, f"worst {worst.name}: beaten on {worst.beaten_share:.0%}"),
            ("honest art beats every fixed hack on the mean", float(np.mean(strongest.totals)) < self.honest_mean,
             f"strongest {strongest.name} {np.mean(strongest.totals):.3f} vs honest {self.honest_mean:.3f}"),
            (f"prompt-specific charts win <= {PROMPT_WIN_CEILING:.0%} of prompts", chart_wins <= PROMPT_WIN_CEILING,
             f"they win {chart_wins:.0%}"),
        ]
        if hidden:  # a corpus of one's own may hold none
            verdicts.append(("off-canvas and state-only brush calls earn nothing", hidden_brush == 0.0,
                             f"best brush tier among them {hidden_brush:.2f}"))
        return verdicts

    def table(self, wins: bool = False) -> str:
        """The report; `wins`: also, for each fixed hack below target, the prompts it wins and by what."""
        head = (f"{'hack':<30} {'class':<34} {'total':>6} " + " ".join(f"{t[:5]:>6}" for t in TIERS)
                + f" {'wins':>7} {'align>=':>7}  flags")
        lines = [f"reward {self.reward_version}, alignment backend {self.backend}", "", head, "-" * len(head),
                 f"{'honest (own prompt)':<30} {'':<34} {self.honest_mean:6.3f} "
                 + " ".join(f"{self.honest_tiers[t]:6.2f}" for t in TIERS)]
        if self.honest_raw_p10:
            lines.append("honest, tenth percentile of the raw craft scores (the *_full levels): "
                         + ", ".join(f"{t} {v:.2f}" for t, v in self.honest_raw_p10.items()))
        for r in sorted(self.rows, key=lambda r: -float(np.mean(r.totals))):
            flags = ", ".join(f"{k} {v}" for k, v in sorted(r.flags.items(), key=lambda kv: -kv[1])[:3])
            lines.append(f"{r.name:<30} {r.hack_class[:34]:<34} {np.mean(r.totals):6.3f} "
                         + " ".join(f"{np.mean(r.tiers[t]):6.2f}" for t in TIERS)
                         + f" {r.wins:>3}/{len(r.totals):<3} {sum(r.aligned_at_least):>3}/{len(r.totals):<3}  {flags}")
        lines += ["", "honest mechanical art under the prompts that ask for it:"]
        for rid, prompt, c in self.mechanical:
            lines.append(f"  {rid:<32} {c.total:6.3f} " + " ".join(f"{c.tiers[t].score:6.2f}" for t in TIERS)
                         + f"  {','.join(c.flags) or '-'}  ({prompt[:50]})")
        fixed = [r for r in self.rows if not r.prompt_specific and r.beaten_share < FIXED_BEAT_TARGET]
        if fixed:
            lines += ["", f"fixed hacks beaten on < {FIXED_BEAT_TARGET:.0%} of prompts, on the total and on alignment "
                          "alone (align>=: prompts where alignment ranks the hack at or above honest art):"]
            for r in sorted(fixed, key=lambda r: r.beaten_share):
                lines.append(f"  {r.name:<30} total {r.beaten_share:4.0%}, "
                             f"alignment alone {r.beaten_on_alignment:4.0%}")
        if wins and fixed:
            lines += ["", "the prompts where they win (total: hack vs honest; alignment: hack vs honest):"]
            for r in sorted(fixed, key=lambda r: r.beaten_share):
                lines.append(f"  {r.name}:")
                lines += [f"    {line}" for line in r.win_lines()]
        lines.append("")
        for name, ok, detail in self.verdicts():
            lines.append(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")
        return "\n".join(lines)


def _load_mechanical(path: Path) -> list[tuple[str, str, str]]:
    import json

    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(r["id"], r["prompt"], (REPO_ROOT / r["sketch"]).read_text(encoding="utf-8")) for r in rows]


def raw_percentile(cards: list[Scorecard], q: float) -> dict[str, float]:
    """Per craft tier, the q-th percentile of its raw score over the cards that have one (a blank canvas's
    early return records none)."""
    out = {}
    for t in CRAFT_TIERS:
        raw = [c.tiers[t].details[f"{t}_raw"] for c in cards if f"{t}_raw" in c.tiers[t].details]
        if raw:
            out[t] = float(np.percentile(raw, q))
    return out


def run_hack_report(client, scorer: RewardScorer, path: Path = MATRIX_SET, *, fixed: list[Hack] | None = None,
                    progress: Callable[[str], None] = print) -> HackReport:
    """Every bench painting of `path` under its own prompt against each hack under the same prompt: the fixed
    hacks (default: the repository's corpus and the copied bench paintings) and the prompt's colour charts."""
    paintings = load_matrix_set(path)
    fixed = fixed_hacks() if fixed is None else fixed
    mechanical = _load_mechanical(HONEST_MECHANICAL)
    sketches = {p.id: (REPO_ROOT / p.sketch).read_text(encoding="utf-8") for p in paintings}
    items = [RenderItem(id=f"honest/{p.id}", code=sketches[p.id], seed=1) for p in paintings]
    items += [RenderItem(id=f"fixed/{h.name}", code=h.code, seed=1) for h in fixed]
    charts = {p.id: prompt_hacks(p.prompt) for p in paintings}
    items += [RenderItem(id=f"chart/{pid}/{h.name}", code=h.code, seed=1) for pid, hs in charts.items() for h in hs]
    items += [RenderItem(id=f"mechanical/{rid}", code=code, seed=1) for rid, _, code in mechanical]
    progress(f"rendering {len(items)} sketches: {len(paintings)} honest, {len(fixed)} fixed hacks, "
             f"{sum(map(len, charts.values()))} prompt charts, {len(mechanical)} honest mechanical ...")
    renders = {it.id: r for it, r in zip(items, client.render_in_chunks(items, timeout_ms=60_000))}

    samples, keys = [], []
    for p in paintings:
        samples.append(Sample(p.prompt, "", renders[f"honest/{p.id}"]))
        keys.append(("honest", p.id, None))
        for h in fixed:
            if without_header(h.code) == without_header(sketches[p.id]):
                continue  # a copied painting under its own prompt is the honest painting
            samples.append(Sample(p.prompt, h.code, renders[f"fixed/{h.name}"]))
            keys.append(("hack", p.id, h))
        for h in charts[p.id]:
            samples.append(Sample(p.prompt, h.code, renders[f"chart/{p.id}/{h.name}"]))
            keys.append(("hack", p.id, h))
    for rid, prompt, code in mechanical:
        samples.append(Sample(prompt, code, renders[f"mechanical/{rid}"]))
        keys.append(("mechanical", rid, prompt))
    progress(f"scoring {len(samples)} scorecards ...")
    cards = scorer.score(samples, progress=True)

    honest = {pid: c for (kind, pid, _), c in zip(keys, cards) if kind == "honest"}
    rows: dict[str, HackRow] = {}
    for (kind, pid, hack), card in zip(keys, cards):
        if kind != "hack":
            continue
        row = rows.setdefault(hack.name, HackRow(hack.name, hack.hack_class, hack.prompt_specific))
        row.totals.append(card.total)
        row.honest.append(honest[pid].total)
        row.prompts.append(card.prompt)
        row.honest_alignment.append(honest[pid].tiers["alignment"].score)
        for t in TIERS:
            row.tiers[t].append(card.tiers[t].score)
        for f in card.flags:
            row.flags[f] += 1
    return HackReport(
        reward_version=scorer.version, backend=scorer.backend_name,
        honest_mean=float(np.mean([c.total for c in honest.values()])),
        honest_tiers={t: float(np.mean([c.tiers[t].score for c in honest.values()])) for t in TIERS},
        rows=list(rows.values()),
        honest_raw_p10=raw_percentile(list(honest.values()), 10),
        mechanical=[(pid, prompt, c) for (kind, pid, prompt), c in zip(keys, cards) if kind == "mechanical"],
    )
