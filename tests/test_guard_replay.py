"""`paint-pipeline analyze guard-replay` (paint_pipeline/analysis/guard_replay.py): past completions replayed through
a decoding guard, counted by render outcome."""

from __future__ import annotations

import json

import pyarrow as pa
from test_policy_train import scorecard_table

from paint_pipeline.cli import main
from paint_pipeline.policy.rollouts import to_table, write_rollouts
from paint_pipeline.policy.sampling import Rollout
from paint_pipeline.policy.tiny import build_tiny_tokenizer, save_tiny_base
from paint_pipeline.reward.table import write_table
from paint_pipeline.sketch_code import extract_code

START = "```javascript\nfunction setup() {\n  createCanvas(600, 600, WEBGL);\n  brush.noStroke();\n"
COMPLETIONS = {  # completion: (status, compile explanation)
    START + "  brush.line(0, 0, 9, 9);\n}\n```": ("RUNTIME_ERROR", "RUNTIME_ERROR: the sketch threw; first error: "
                                                 "line 4: Error: No brush or color set. Call brush.set(...)"),
    START + "  brush.set('HB', '#222', 1);\n  brush.line(0, 0, 9, 9);\n}\n```": ("SUCCESS", "rendered"),
    START + "  brush.rect(0, 0, 9, 9);\n}\n```": ("SUCCESS", "rendered"),
    START + "  undefinedName();\n}\n```": ("RUNTIME_ERROR", "RUNTIME_ERROR: the sketch threw; first error: "
                                          "line 4: ReferenceError: undefinedName is not defined"),
}


def test_the_replay_counts_what_the_guard_would_have_changed(tmp_path, monkeypatch, capsys):
    base = save_tiny_base(tmp_path / "tiny-base", seed=0)
    tokenizer = build_tiny_tokenizer()
    rollouts = [Rollout("p1", "a sea", i, seed=i, temperature=0.6, prompt_token_ids=[1],
                        completion_token_ids=tokenizer(text, add_special_tokens=False).input_ids,
                        sampling_logprobs=[-1.0], completion=text, code=extract_code(text))
                for i, text in enumerate(COMPLETIONS)]
    table = to_table(rollouts, cycle="cycle-0001", policy_checkpoint="base")
    write_rollouts(table, tmp_path / "artifacts" / "rollouts" / "cycle-0001.parquet")
    cards = scorecard_table(table.column("sample_id").to_pylist(), [0.0, 0.8, 0.7, 0.0])
    for name, values in (("status", [s for s, _ in COMPLETIONS.values()]),
                         ("compile_explanation", [e for _, e in COMPLETIONS.values()])):
        cards = cards.set_column(cards.schema.get_field_index(name), name, pa.array(values, pa.string()))
    flags = cards.schema.field("flags")  # a painting that rendered and was flagged is counted apart
    cards = cards.set_column(cards.schema.get_field_index("flags"), flags,
                             pa.array([[], [], ["blank_canvas"], []], flags.type))
    write_table(cards, tmp_path / "artifacts" / "scorecards" / "cycle-0001.parquet")
    profile = tmp_path / "replay.json"
    profile.write_text(json.dumps({"profile": "replay", "artifacts_dir": str(tmp_path / "artifacts"),
                                   "policy": {"base_model": str(base), "models_dir": str(tmp_path / "models")}}))
    for name in ("PAINT_ARTIFACTS", "PAINT_PROFILE"):
        monkeypatch.delenv(name, raising=False)

    code = main(["analyze", "guard-replay", "--guards", "stroke", "--profile", str(profile)])
    out, err = capsys.readouterr()
    assert code == 0, err
    rows = {line.rsplit(None, 2)[0].strip(): tuple(int(v) for v in line.split()[-2:])
            for line in out.splitlines()[2:]}
    assert rows == {"SUCCESS": (1, 0), "SUCCESS, flagged blank_canvas": (1, 0),
                    "RUNTIME_ERROR: Error: No brush or color set": (1, 1),
                    "RUNTIME_ERROR: ReferenceError: undefinedName is not defined": (1, 0), "all": (4, 1)}, out

    code = main(["analyze", "guard-replay", "--guards", "stroke", "--profile", str(profile), "cycle-0009"])
    assert code == 1 and "no rollouts with scorecards for ['cycle-0009']" in capsys.readouterr().err

    code = main(["analyze", "guard-replay", "--guards", "colour", "--profile", str(profile), "--corpus"])
    out = capsys.readouterr().out
    assert code == 0 and "forbid a token of 0" in out and "they apply in " in out, out

    code = main(["analyze", "guard-replay", "--guards", "colour", "--profile", str(profile), "--corpus", "cycle-0001"])
    assert code == 2 and "drop cycle-0001" in capsys.readouterr().err

    code = main(["analyze", "guard-replay", "--guards", "strok", "--profile", str(profile)])
    assert code == 2 and "unknown guards ['strok']" in capsys.readouterr().err
