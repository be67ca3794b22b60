"""Sampling a prompt split with a policy and measuring it: compile-success rate and reward.

Used to measure the base policy (is a warm start needed?) and, later, every
checkpoint on held-out prompts with fixed seeds.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from paint_pipeline.policy.config import PolicyConfig
from paint_pipeline.policy.policy_io import load_policy, system_prompt_for
from paint_pipeline.policy.sampling import Rollout, generate
from paint_pipeline.prompts import load_split

# A quoted name (one with a letter or digit: a quoted bracket in "Unexpected token ')'" stays).
_QUOTED = re.compile(r"""(["'`])(?:(?!\1).)*?\w(?:(?!\1).)*?\1""")


def failure_kind(status: str, error: str) -> str:
    """One failed sketch's kind of failure: its status and first error without line numbers or quoted names,
    so that `Field "sky" does not exist` and `Field "leaf" does not exist` are one kind."""
    text = error.split("first error: ", 1)[-1]
    text = re.sub(r"^line \d+: ", "", text.strip())
    text = _QUOTED.sub("…", text)
    text = text.split(". ", 1)[0].rstrip(".")
    return f"{status}: {text[:80]}" if text else status


def outcome(status: str, error: str | None) -> str:
    """SUCCESS, or the kind of failure (failure_kind): how the scripts that count render outcomes name a sample."""
    return "SUCCESS" if status == "SUCCESS" else failure_kind(status, error or "")


def failure_kinds(failures: Iterable[tuple[str, str]], top: int = 6) -> list[tuple[str, int]]:
    """The most common kinds among (status, first error) pairs of failed sketches, most common first."""
    counts = Counter(failure_kind(status, error) for status, error in failures if status != "SUCCESS")
    return counts.most_common(top)


@dataclass
class SplitReport:
    samples: int
    compile_success: float
    truncated: float
    mean_total: float
    statuses: dict[str, int]
    mean_tokens: float
    failures: list[tuple[str, int]] = field(default_factory=list)

    def line(self) -> str:
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(self.statuses.items(), key=lambda kv: -kv[1]))
        return (f"{self.samples} samples: compile success {self.compile_success:.1%}, mean reward {self.mean_total:.3f}, "
                f"truncated {self.truncated:.1%}, mean completion {self.mean_tokens:.0f} tokens ({statuses})")

    def failure_lines(self) -> list[str]:
        return [f"  {n:>3} x {kind}" for kind, n in self.failures]


def sample_split(config: PolicyConfig, *, split: str, limit: int | None, group: int, temperature: float,
                 checkpoint: str | Path | None = None, seed: int = 1234, progress: bool = True) -> list[Rollout]:
    prompts = load_split(split)[:limit] if limit else load_split(split)
    model, tokenizer, profile = load_policy(config, checkpoint)
    return generate(model, tokenizer, [(p.prompt_id, p.prompt) for p in prompts], group_size=group,
                    temperature=temperature, max_new_tokens=profile.max_new_tokens, base_seed=seed, top_p=config.top_p,
                    batch_size=config.generation_batch_size, progress=progress,
                    system_prompt=system_prompt_for(config, checkpoint), stop_repeats=config.stop_repeats,
                        decoding_guards=config.decoding_guards)


def score_rollouts(rollouts: list[Rollout], client, scorer, *, seed: int = 1):
    from paint_pipeline.reward.render_and_score import render_and_score

    renders, cards = render_and_score(client, scorer, [r.prompt for r in rollouts], [r.code for r in rollouts],
                                      seeds=[seed] * len(rollouts),
                                      ids=[f"{r.prompt_id}/{r.sample_index}" for r in rollouts], progress=True)
    statuses: dict[str, int] = {}
    for x in renders:
        statuses[x.status] = statuses.get(x.status, 0) + 1
    report = SplitReport(
        samples=len(rollouts), compile_success=statuses.get("SUCCESS", 0) / max(1, len(rollouts)),
        truncated=sum(r.truncated for r in rollouts) / max(1, len(rollouts)),
        mean_total=statistics.fmean(c.total for c in cards) if cards else 0.0, statuses=statuses,
        mean_tokens=statistics.fmean(len(r.completion_token_ids) for r in rollouts) if rollouts else 0.0,
        failures=failure_kinds((x.status, x.errors[0] if x.errors else "") for x in renders),
    )
    return renders, cards, report
