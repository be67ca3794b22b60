"""The update as a whole: checkpoints, continuity across cycles, and two processes under torchrun."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa  # noqa: E402
import pytest
import torch
from safetensors.torch import load_file  # noqa: E402

from paint_pipeline.policy.checkpoint import CheckpointError, open_checkpoint  # noqa: E402
from paint_pipeline.policy.config import PolicyConfig  # noqa: E402
from paint_pipeline.policy.rollouts import to_table, write_rollouts  # noqa: E402
from paint_pipeline.policy.sampling import generate  # noqa: E402
from paint_pipeline.policy.tiny import save_tiny_base  # noqa: E402
from paint_pipeline.policy.train import train_cycle  # noqa: E402
from paint_pipeline.reward.table import SCHEMA, write_table  # noqa: E402

PROMPTS = [("p1", "a red sea"), ("p2", "a quiet forest"), ("p3", "three yellow circles")]


def scorecard_table(sample_ids, totals):
    columns = {}
    for f in SCHEMA:
        if f.name == "sample_id":
            columns[f.name] = list(sample_ids)
        elif f.name == "total":
            columns[f.name] = list(totals)
        elif f.name == "flags":
            columns[f.name] = [[] for _ in sample_ids]
        elif pa.types.is_floating(f.type):
            columns[f.name] = [None if f.name == "advantage" else 0.0 for _ in sample_ids]
        else:
            columns[f.name] = ["x" for _ in sample_ids]
    return pa.Table.from_pydict(columns, schema=SCHEMA)


@pytest.fixture(scope="module")
def cycle_inputs(tmp_path_factory):
    root = tmp_path_factory.mktemp("policy")
    base = save_tiny_base(root / "tiny-base", seed=0)
    config = PolicyConfig(base_model=str(base), models_dir=str(root / "models"), lora_r=4, lora_alpha=8,
                          group_size=2, max_new_tokens=12, steps_per_cycle=1, minibatch_size=4,
                          learning_rate=5e-3, device="cpu", beta=0.02)
    from paint_pipeline.policy.models import load_base, load_tokenizer

    tokenizer = load_tokenizer(str(base))
    model = load_base(str(base))
    rollouts = generate(model, tokenizer, PROMPTS, group_size=2, temperature=0.8, max_new_tokens=12, base_seed=1)
    table = to_table(rollouts, cycle="cycle-0001", policy_checkpoint="base")
    rollouts_path = write_rollouts(table, root / "rollouts.parquet")
    ids = table.column("sample_id").to_pylist()
    totals = [0.1, 0.7, 0.4, 0.2, 0.9, 0.3]
    scorecards_path = write_table(scorecard_table(ids, totals), root / "scorecards.parquet")
    return root, config, rollouts_path, scorecards_path


def adapter_weights(folder: Path) -> dict:
    return load_file(str(folder / "adapter" / "adapter_model.safetensors"))


def test_two_cycles_equal_one_run_of_two_updates(cycle_inputs):
    """The optimizer state, schedule and step carry over from one cycle to the next. Each step here takes all six
    rollouts (in another order per cycle), so the two runs see the same mini-batches."""
    root, config, rollouts, scorecards = cycle_inputs
    config = config.replace(minibatch_size=6)
    quiet = lambda *a: None  # noqa: E731
    first = train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=root / "a1", cycle="c1", log=quiet)
    train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=root / "a2", cycle="c2",
                parent=root / "a1", log=quiet)
    train_cycle(config=config.replace(steps_per_cycle=2), rollouts=rollouts, scorecards=scorecards,
                out=root / "b", cycle="b", log=quiet)
    assert first["history"][0]["grad_norm"] > 0
    two_cycles, one_run = adapter_weights(root / "a2"), adapter_weights(root / "b")
    start = adapter_weights(root / "a1")
    assert any(not torch.equal(start[k], two_cycles[k]) for k in start)  # the second cycle did train
    for name in one_run:
        assert torch.allclose(two_cycles[name], one_run[name], rtol=0, atol=1e-6), name
    assert open_checkpoint(root / "a2").manifest["step"] == 2 == open_checkpoint(root / "b").manifest["step"]


def test_the_adapter_loads_with_plain_peft(cycle_inputs):
    from peft import PeftModel
    from transformers import AutoModelForCausalLM

    root, config, rollouts, scorecards = cycle_inputs
    folder = root / "plain"
    train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=folder, cycle="c1", log=lambda *a: None)
    model = PeftModel.from_pretrained(AutoModelForCausalLM.from_pretrained(config.base_model), folder / "adapter")
    assert any("lora_" in n for n, _ in model.named_parameters())
    manifest = open_checkpoint(folder).manifest
    assert manifest["inputs"]["rollouts"]["sha256"] and manifest["base_model"] == config.base_model
    assert manifest["hardware"]["device"] == "cpu" and manifest["config_hash"] == config.config_hash()


def test_broken_checkpoints_are_named(cycle_inputs, tmp_path):
    root, config, rollouts, scorecards = cycle_inputs
    good = root / "a1"
    truncated = tmp_path / "truncated"
    shutil.copytree(good, truncated)
    weights = truncated / "adapter" / "adapter_model.safetensors"
    weights.write_bytes(weights.read_bytes()[:100])
    with pytest.raises(CheckpointError, match="adapter_model.safetensors does not match its sha256"):
        open_checkpoint(truncated)
    no_manifest = tmp_path / "partial"
    shutil.copytree(good, no_manifest)
    (no_manifest / "manifest.json").unlink()
    with pytest.raises(CheckpointError, match="manifest.json is missing"):
        open_checkpoint(no_manifest)
    with pytest.raises(CheckpointError, match="trained on base model"):
        train_cycle(config=config.replace(base_model=str(root)), rollouts=rollouts, scorecards=scorecards,
                    out=tmp_path / "x", cycle="c", parent=good, log=lambda *a: None)
    assert not (tmp_path / "x").exists()


def _torchrun(processes: int, *args: str) -> list[str]:
    return [sys.executable, "-m", "torch.distributed.run", "--standalone", f"--nproc_per_node={processes}", *args]


def test_two_processes_under_torchrun_equal_one(cycle_inputs, tmp_path):
    root, config, rollouts, scorecards = cycle_inputs
    cfg = tmp_path / "policy.json"
    import json

    cfg.write_text(json.dumps(config.to_dict()))
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    common = ["--config", str(cfg), "--rollouts", str(rollouts), "--scorecards", str(scorecards), "--cycle", "c1"]
    two = subprocess.run([*_torchrun(2, "-m", "paint_pipeline.policy.train"), *common, "--out", str(tmp_path / "two")],
                         env=env, capture_output=True, text=True, timeout=600)
    assert two.returncode == 0, two.stderr[-3000:]
    one = subprocess.run([sys.executable, "-m", "paint_pipeline.policy.train", *common, "--out", str(tmp_path / "one")],
                         env=env, capture_output=True, text=True, timeout=600)
    assert one.returncode == 0, one.stderr[-3000:]
    assert open_checkpoint(tmp_path / "two").manifest["world_size"] == 2
    a, b = adapter_weights(tmp_path / "two"), adapter_weights(tmp_path / "one")
    assert a.keys() == b.keys()
    for name in a:
        assert torch.allclose(a[name], b[name], rtol=0, atol=1e-6), name


def test_uneven_ranks_give_one_process_gradients_and_metrics_for_every_aggregation(tmp_path):
    """Five rollouts over two ranks (3 / 2), micro-batches of 2, two steps, beta > 0: the gradients left in .grad
    and every logged metric equal one process's, for grpo, dr_grpo and dapo."""
    from paint_pipeline.policy.config import LOSS_TYPES

    worker = str(Path(__file__).resolve().parent / "ddp_update_worker.py")
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    (tmp_path / "two").mkdir()
    (tmp_path / "one").mkdir()
    two = subprocess.run([*_torchrun(2, worker), str(tmp_path / "two")], env=env, capture_output=True, text=True,
                         timeout=600)
    assert two.returncode == 0, two.stderr[-3000:]
    one = subprocess.run([sys.executable, worker, str(tmp_path / "one")], env=env, capture_output=True, text=True,
                         timeout=600)
    assert one.returncode == 0, one.stderr[-3000:]
    for loss_type in LOSS_TYPES:
        a = torch.load(tmp_path / "two" / f"{loss_type}.pt", weights_only=False)
        b = torch.load(tmp_path / "one" / f"{loss_type}.pt", weights_only=False)
        assert a["grads"].keys() == b["grads"].keys()
        assert any("lora_A" in n and b["grads"][n].abs().max() > 0 for n in b["grads"])  # A moves, not only B
        for name in b["grads"]:
            assert torch.allclose(a["grads"][name], b["grads"][name], rtol=1e-4, atol=1e-8), (loss_type, name)
        for m2, m1 in zip(a["history"], b["history"]):
            assert m2["rollouts_trained"] == m1["rollouts_trained"] == 5
            for key in ("loss", "kl", "clip_fraction", "ratio_mean", "ratio_min", "ratio_max", "grad_norm", "tokens"):
                assert m2[key] == pytest.approx(m1[key], rel=1e-5, abs=1e-8), (loss_type, key)


def test_the_gpu_profile_in_an_eight_process_world_trains_every_rollout_once(tmp_path):
    """profiles/gpu.json (G=6 on a 16-40 GB GPU: 96 rollouts against 4 steps of 32) with a tiny model, eight gloo
    processes on the CPU: every rollout is trained exactly once, no rank idles, and the logged metrics and the
    adapter are one process's."""
    import json

    from paint_pipeline.paths import REPO_ROOT
    from paint_pipeline.policy.models import load_base, load_tokenizer

    policy = json.loads((REPO_ROOT / "profiles" / "gpu.json").read_text())["policy"]
    base = save_tiny_base(tmp_path / "base", seed=0)
    config = PolicyConfig.from_dict({**policy, "base_model": str(base), "models_dir": str(tmp_path / "models"),
                                     "lora_r": 4, "lora_alpha": 8, "group_size": 6, "max_new_tokens": 6,
                                     "device": "cpu"})
    tokenizer, model = load_tokenizer(str(base)), load_base(str(base))
    prompts = [(f"p{i}", f"a quiet sea number {i}") for i in range(config.prompts_per_cycle)]
    rollouts = generate(model, tokenizer, prompts, group_size=6, temperature=0.7, max_new_tokens=6, base_seed=2,
                        system_prompt=config.system_prompt, decoding_guards=config.decoding_guards, batch_size=96)
    table = to_table(rollouts, cycle="c1", policy_checkpoint="base")
    assert table.num_rows == 96
    rollouts_path = write_rollouts(table, tmp_path / "rollouts.parquet")
    totals = [((i * 37) % 11) / 10 for i in range(96)]
    scorecards = write_table(scorecard_table(table.column("sample_id").to_pylist(), totals), tmp_path / "sc.parquet")
    cfg = tmp_path / "policy.json"
    cfg.write_text(json.dumps(config.to_dict()))
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    common = ["--config", str(cfg), "--rollouts", str(rollouts_path), "--scorecards", str(scorecards), "--cycle", "c1"]
    eight = subprocess.run([*_torchrun(8, "-m", "paint_pipeline.policy.train"), *common, "--out",
                            str(tmp_path / "eight")], env=env, capture_output=True, text=True, timeout=900)
    assert eight.returncode == 0, eight.stderr[-3000:]
    one = subprocess.run([sys.executable, "-m", "paint_pipeline.policy.train", *common, "--out", str(tmp_path / "one")],
                         env=env, capture_output=True, text=True, timeout=600)
    assert one.returncode == 0, one.stderr[-3000:]
    m8, m1 = (open_checkpoint(tmp_path / name).manifest for name in ("eight", "one"))
    assert m8["world_size"] == 8
    assert m8["minibatches"] == {"rollouts": 96, "sizes": [24] * 4, "uses_per_rollout_min": 1,
                                 "uses_per_rollout_max": 1, "duplicates_in_a_minibatch": 0}
    assert [m["rollouts_trained"] for m in m8["history"]] == [24] * 4  # summed over the eight ranks
    for s8, s1 in zip(m8["history"], m1["history"]):
        for key in ("loss", "clip_fraction", "ratio_mean", "grad_norm", "lr", "tokens"):
            assert s8[key] == pytest.approx(s1[key], rel=1e-4, abs=1e-7), key
    a, b = adapter_weights(tmp_path / "eight"), adapter_weights(tmp_path / "one")
    for name in a:
        assert torch.allclose(a[name], b[name], rtol=0, atol=1e-6), name
    # Twenty-five processes cannot all have a rollout in a mini-batch of 24: refused before any work, by the numbers.
    with pytest.raises(ValueError, match=r"25 training processes but a mini-batch of only 24 rollouts \(96 rollouts"):
        train_cycle(config=config, rollouts=rollouts_path, scorecards=scorecards, out=tmp_path / "x", cycle="c1",
                    rank=0, world_size=25, log=lambda *a: None)
    assert not (tmp_path / "x").exists()


def test_kl_is_measured_only_with_beta_and_adapter_change_measures_movement(cycle_inputs, capsys):
    import shutil

    from paint_pipeline.cli import main

    root, config, rollouts, scorecards = cycle_inputs
    quiet = lambda *a: None  # noqa: E731
    measured = train_cycle(config=config, rollouts=rollouts, scorecards=scorecards, out=root / "k1", cycle="c1",
                           log=quiet)
    unmeasured = train_cycle(config=config.replace(beta=0.0), rollouts=rollouts, scorecards=scorecards,
                             out=root / "k2", cycle="c2", parent=root / "k1", log=quiet)
    assert measured["history"][-1]["kl"] is not None and unmeasured["history"][-1]["kl"] is None
    capsys.readouterr()

    def adapter_change(*folders: Path) -> tuple[int, list[str], str]:
        """`paint-pipeline analyze adapter-change FOLDERS...`: its exit status, stdout lines and stderr."""
        code = main(["analyze", "adapter-change", *map(str, folders)])
        out, err = capsys.readouterr()
        return code, out.splitlines(), err

    code, out, err = adapter_change(root / "k1", root / "k2", root / "k1")
    assert code == 0, err
    assert out[0].split() == ["checkpoint", "change", "steps", "lr", "kl", "clipped", "ratio"]
    k1, k2, again = (line.split() for line in out[1:])
    assert float(k1[1]) == 0.0 == float(again[1]) and float(k2[1]) > 0  # the reference against itself, then moved
    assert k1[4] != "-" and k2[4] == "-"  # beta 0.02 measured a KL, beta 0 did not
    shutil.copytree(root / "k1", root / "other" / "k1")
    code, named, err = adapter_change(root / "k1", root / "other" / "k1")
    assert code == 0, err
    assert [line.split()[0] for line in named[1:]] == [str(root / "k1"), str(root / "other" / "k1")]
    code, _, err = adapter_change(root / "nope")
    assert code == 1 and "nope does not exist" in err
