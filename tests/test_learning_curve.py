"""The learning curve's verdict, table and chart (pure functions)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from paint_pipeline.pipeline.evaluation import HeldOutRow
from paint_pipeline.pipeline.learning_curve import markdown_table, svg_chart, verdict
from paint_pipeline.reward.config import TIERS


def row(label: str, compile_success: float, total: tuple[float, float, float]) -> HeldOutRow:
    return HeldOutRow(label, 16, compile_success, (compile_success - 0.1, min(1.0, compile_success + 0.1)),
                      {t: (0.5, 0.4, 0.6) for t in TIERS}, total)


def test_verdict_needs_all_three_targets():
    start = row("cycle 0 (warm start)", 0.5, (0.20, 0.15, 0.25))
    good = verdict([start, row("cycle-0003", 0.95, (0.30, 0.26, 0.34))])
    assert good.met and good.total_gain == pytest.approx(0.5)
    overlapping = verdict([start, row("cycle-0003", 0.95, (0.30, 0.24, 0.36))])
    assert not overlapping.met and not overlapping.intervals_separate and overlapping.gain_target_met
    low_compile = verdict([start, row("cycle-0003", 0.85, (0.30, 0.26, 0.34))])
    assert not low_compile.met and not low_compile.compile_target_met
    small_gain = verdict([start, row("cycle-0003", 0.95, (0.24, 0.255, 0.26))])
    assert not small_gain.gain_target_met and small_gain.intervals_separate
    from_zero = verdict([row("cycle 0 (base)", 0.0, (0.0, 0.0, 0.0)), row("cycle-0001", 0.95, (0.3, 0.2, 0.4))])
    assert from_zero.total_gain is None and not from_zero.met
    assert "n/a" in from_zero.lines()[1]
    with pytest.raises(ValueError):
        verdict([start])


def test_table_and_chart_show_every_policy_with_its_interval():
    rows = [row("cycle 0 (warm start)", 0.25, (0.1, 0.05, 0.15)), row("cycle-0001", 0.5, (0.2, 0.1, 0.3)),
            row("cycle-0002", 0.75, (0.3, 0.2, 0.4))]
    table = markdown_table(rows).splitlines()
    assert len(table) == 2 + 3 and "| cycle-0002 | 16 | 75.0% [65.0%, 85.0%] | 0.300 [0.200, 0.400] |" in table[-1]
    svg = svg_chart(rows, caption="16 test prompts")
    root = ET.fromstring(svg)  # well-formed, standalone
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"cycle 0", "cycle 1", "cycle 2", "16 test prompts"} <= set(texts)
    assert "target 90%" in texts
    circles = list(root.iter("{http://www.w3.org/2000/svg}circle"))
    assert len(circles) == 2 * len(rows)  # a point per policy in each panel



def test_a_held_out_summary_names_its_most_common_failures():
    import pyarrow as pa

    from paint_pipeline.pipeline.evaluation import failure_lines, summarize

    field = 'RUNTIME_ERROR: the code threw while running; first error: line {n}: Error: Field "{f}" does not exist.'
    statuses = ["SUCCESS", "RUNTIME_ERROR", "RUNTIME_ERROR", "PARSE_ERROR"]
    explanations = ["SUCCESS: it ran", field.format(n=3, f="sky"), field.format(n=9, f="leaf"),
                    "PARSE_ERROR: the code does not parse; first error: line 2: SyntaxError: Unexpected token ')'"]
    columns = {"sample_id": [f"eval-cycle-0001-test/test-000{i}/0" for i in range(4)], "status": statuses,
               "compile_explanation": explanations, "total": [0.5, 0.0, 0.0, 0.0],
               "flags": [["flat_fills", "barcode", "truncated"], [], [], ["blank_canvas"]]}
    columns |= {f"{t}_score": [0.5, 0.0, 0.0, 0.0] for t in TIERS}
    summary = summarize("cycle-0001", pa.table(columns))
    assert summary.compile_success == 0.25
    assert summary.hack_flagged == 2 and summary.hack_flags == {"flat_fills": 1, "barcode": 1, "blank_canvas": 1}
    assert summary.sample_totals == {"test-0000/0": 0.5, "test-0001/0": 0.0, "test-0002/0": 0.0, "test-0003/0": 0.0}
    assert summary.failures == [("RUNTIME_ERROR: Error: Field … does not exist", 2),
                                ("PARSE_ERROR: SyntaxError: Unexpected token ')'", 1)]
    assert failure_lines([summary]) == ["cycle-0001 failed: 2 x RUNTIME_ERROR: Error: Field … does not exist; "
                                        "1 x PARSE_ERROR: SyntaxError: Unexpected token ')'",
                                        "cycle-0001 flagged: barcode 1, blank_canvas 1, flat_fills 1"]


def test_the_verdict_pairs_the_last_cycle_with_cycle_0_sample_by_sample():
    from paint_pipeline.pipeline.stats import bootstrap_ci

    keys = [f"test-{i:04d}/0" for i in range(6)]
    before = dict(zip(keys, [0.0, 0.5, 0.6, 0.4, 0.7, 0.5]))
    after = dict(zip(keys, [0.9, 0.6, 0.7, 0.5, 0.8, 0.6]))
    start, last = row("cycle 0 (warm start)", 0.8, (0.45, 0.2, 0.7)), row("cycle-0002", 1.0, (0.62, 0.5, 0.75))
    start.sample_totals, last.sample_totals = before, after
    deltas = [after[k] - before[k] for k in sorted(keys)]
    check = verdict([start, row("cycle-0001", 0.9, (0.5, 0.3, 0.7)), last])
    assert check.paired_change == pytest.approx((sum(deltas) / 6, *bootstrap_ci(deltas)))
    assert check.paired_change[1] > 0 and not check.intervals_separate  # pairing sees what the intervals hide
    assert check.lines()[-1].startswith("paired change of the total, last cycle vs cycle 0 (6 samples): +0.233 [95% CI")
    last.sample_totals = {**after, "test-0099/0": 0.3}  # not the same samples: nothing to pair, no line
    assert verdict([start, last]).paired_change is None and len(verdict([start, last]).lines()) == 4


def test_a_rise_in_flagged_paintings_fails_the_verdict():
    start, last = row("cycle 0 (warm start)", 0.95, (0.20, 0.15, 0.25)), row("cycle-0003", 0.95, (0.30, 0.26, 0.34))
    assert verdict([start, last]).met
    start.hack_flagged, last.hack_flagged = 1, 4
    drifted = verdict([start, last])
    assert drifted.flagged_rise and not drifted.met
    assert "paintings flagged by a hack detector: 1 at cycle 0, 4 at the last cycle: a RISE" in drifted.lines()
    start.hack_flags, last.hack_flags = {"blank_canvas": 1}, {"barcode": 3, "blank_canvas": 1, "noise": 1}
    assert ("paintings flagged by a hack detector: 1 (blank_canvas 1) at cycle 0, 4 (barcode 3, blank_canvas 1, "
            "noise 1) at the last cycle: a RISE") in verdict([start, last]).lines()
    assert markdown_table([start, last]).splitlines()[-1].endswith("| 4 |")
