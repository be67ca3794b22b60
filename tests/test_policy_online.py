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


def test_train_online_runs_trl_with_our_rewards(service, tmp_path):
    from paint_pipeline.policy.models import add_lora
    from paint_pipeline.policy.online import train_online
    from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer
    from paint_pipeline.reward import RewardConfig, RewardScorer

    tokenizer = build_tiny_tokenizer()
    config = PolicyConfig(lora_r=4, lora_alpha=8, group_size=2, max_new_tokens=8, device="cpu")
    model = add_lora(build_tiny_model(tokenizer), config)
    scorer = RewardScorer(RewardConfig(alignment_backend="palette"))
    out = train_online(config, scorer=scorer, client=service, steps=1, out_dir=tmp_path, prompts=["a red sea"],
                       model=model, tokenizer=tokenizer)
    assert (out / "adapter" / "adapter_model.safetensors").is_file()
