"""The parts of the policy that meet the renderer: the system prompt's example, and TRL's online loop."""

from __future__ import annotations

import re

import pytest

from paint_pipeline.policy.config import PolicyConfig  # noqa: E402
from paint_pipeline.policy.prompting import BRUSHES, FIELDS, SYSTEM_PROMPT  # noqa: E402
from paint_pipeline.render import RendererService, RenderItem  # noqa: E402
from paint_pipeline.render.service import RENDERER_DIR  # noqa: E402
from paint_pipeline.sketch_code import extract_code  # noqa: E402


@pytest.fixture(scope="module")
def service():
    with RendererService(pool_size=2) as client:
        yield client


def exported_brush_api() -> set[str]:
    source = (RENDERER_DIR / "node_modules" / "p5.brush" / "dist" / "p5.brush.esm.js").read_text()
    exports = re.search(r"export\{([^}]*)\}\s*;?\s*(//.*)?$", source.strip()).group(1)
    return {part.split(" as ")[-1].strip() for part in exports.split(",")}


def test_the_system_prompt_teaches_only_names_that_exist(service):
    api = exported_brush_api()
    taught = set(re.findall(r"brush\.([A-Za-z]+)\(", SYSTEM_PROMPT))
    assert taught and taught <= api, taught - api
    example = extract_code(SYSTEM_PROMPT.split("Example:", 1)[1])
    result = service.render_batch([RenderItem("example", example, 1, 128)], timeout_ms=30_000)[0]
    assert result.status == "SUCCESS", result.errors
    assert set(result.brush_calls) <= api and result.brush_calls.get("flowLine") == 40
    source = (RENDERER_DIR / "node_modules" / "p5.brush" / "dist" / "p5.brush.esm.js").read_text()
    for name in BRUSHES + FIELDS:
        assert f'"{name}"' in source or f"'{name}'" in source or f"{name}:" in source, name


class _RecordingClient:
    """The renderer, noting the sketches of every batch sent to it."""

    def __init__(self, client) -> None:
        self.client, self.batches = client, []

    def render_in_chunks(self, items, **kwargs):
        self.batches.append([item.code for item in items])
        return self.client.render_in_chunks(items, **kwargs)

    def __getattr__(self, name):
        return getattr(self.client, name)


PROMPT = "a blue sea"
PAINTS = ("function setup() {\n  createCanvas(256, 256);\n  background(240);\n  noStroke();\n  fill(30, 60, 200);\n"
          "  rect(0, 128, 256, 128);\n}")
FAILS = "noSuchFunction();"


def _answer_logprob(model, tokenizer, code: str) -> float:
    import torch

    from paint_pipeline.warm_start.sft import encode_pair

    ids, labels = encode_pair(tokenizer, PROMPT, code, 10**9)
    with torch.no_grad():
        loss = model(input_ids=torch.tensor([ids]), labels=torch.tensor([labels])).loss
    return -float(loss) * sum(label != -100 for label in labels)


def _taught_both_answers(tokenizer, steps: int = 300):
    """A tiny model that answers PROMPT with PAINTS or FAILS about equally often. GRPO learns only from a group
    whose rewards differ, and every completion of an untaught random model scores 0 on every tier."""
    import torch

    from paint_pipeline.policy.tiny import build_tiny_model
    from paint_pipeline.warm_start.sft import encode_pair

    model = build_tiny_model(tokenizer)
    pairs = [encode_pair(tokenizer, PROMPT, code, 10**9) for code in (PAINTS, FAILS)]
    width = max(len(ids) for ids, _ in pairs)
    ids = torch.tensor([i + [tokenizer.pad_token_id] * (width - len(i)) for i, _ in pairs])
    labels = torch.tensor([label + [-100] * (width - len(label)) for _, label in pairs])
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        optimizer.zero_grad()
        model(input_ids=ids, labels=labels).loss.backward()
        optimizer.step()
    return model.eval()


def test_train_online_learns_from_our_rewards(service, tmp_path, monkeypatch):
    import torch
    import trl
    from peft import PeftModel, get_peft_model_state_dict

    from paint_pipeline.policy.models import add_lora
    from paint_pipeline.policy.online import train_online
    from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer
    from paint_pipeline.reward import RewardConfig, RewardScorer, render_and_score
    from paint_pipeline.reward.config import TIERS
    from paint_pipeline.reward.trl_rewards import trl_reward_weights

    trainers = []

    class RecordingTrainer(trl.GRPOTrainer):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            trainers.append(self)

    monkeypatch.setattr(trl, "GRPOTrainer", RecordingTrainer)
    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, group_size=4, max_new_tokens=96, device="cpu",
                          system_prompt="compact", learning_rate=1e-3)
    model = add_lora(_taught_both_answers(tokenizer), config)
    initial = {name: w.clone() for name, w in get_peft_model_state_dict(model).items()}
    scorer = RewardScorer(RewardConfig(alignment_backend="palette"))
    client = _RecordingClient(service)
    out = train_online(config, scorer=scorer, client=client, steps=2, out_dir=tmp_path, prompts=[PROMPT],
                       model=model, tokenizer=tokenizer)
    trainer = trainers[0]

    # one reward function per tier, weighted as the reward config weighs the tiers
    assert trainer.reward_func_names == [f"reward_{tier}" for tier in TIERS]
    assert trainer.reward_weights.tolist() == pytest.approx(trl_reward_weights(scorer.config))
    # each step's group is rendered once, whatever the number of tiers, and it is what TRL generated
    assert [len(batch) for batch in client.batches] == [4, 4]
    completions = [completion[-1]["content"] for completion in trainer._logs["completion"]]  # the last group
    assert client.batches[-1] == [extract_code(text) for text in completions]
    assert set(client.batches[-1]) == {PAINTS, FAILS}, client.batches[-1]

    # what TRL logged, per completion and per step, is what our scorer gives those sketches
    logged = [entry for entry in trainer.state.log_history if "frac_reward_zero_std" in entry]
    assert len(logged) == 2
    for step, (codes, entry) in enumerate(zip(client.batches, logged)):
        _, cards = render_and_score(service, RewardScorer(scorer.config), [PROMPT] * len(codes), codes,
                                    seeds=[0] * len(codes))
        for tier in TIERS:
            scores = [card.tiers[tier].score for card in cards]
            assert entry[f"rewards/reward_{tier}/mean"] == pytest.approx(sum(scores) / len(scores), abs=1e-6)
            if step == 1:
                assert list(trainer._logs["rewards"][f"reward_{tier}"]) == pytest.approx(scores, abs=1e-6)
        assert entry["reward"] == pytest.approx(sum(card.total for card in cards) / len(cards), abs=1e-6)
    assert all(entry["frac_reward_zero_std"] < 1 and entry["grad_norm"] > 0 for entry in logged)

    # the adapter saved loads into a fresh base, and training moved it: B starts at zero, so only an update with
    # a non-zero advantage makes it otherwise
    loaded = get_peft_model_state_dict(PeftModel.from_pretrained(build_tiny_model(tokenizer), out / "adapter"))
    assert loaded.keys() == initial.keys()
    lora_b = [name for name in initial if "lora_B" in name]
    assert lora_b and all(not initial[name].any() for name in lora_b)
    assert all(loaded[name].any() for name in lora_b)
    final = get_peft_model_state_dict(trainer.model)
    assert all(torch.equal(loaded[name], final[name].cpu()) for name in loaded)  # what was saved is what trained
    # and it moved towards the sketch that paints: its lead over the one that fails grew
    trained = trainer.model.eval()
    lead_after = _answer_logprob(trained, tokenizer, PAINTS) - _answer_logprob(trained, tokenizer, FAILS)
    with trained.disable_adapter():
        lead_before = _answer_logprob(trained, tokenizer, PAINTS) - _answer_logprob(trained, tokenizer, FAILS)
    assert lead_after > lead_before
