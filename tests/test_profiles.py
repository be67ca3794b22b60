"""The profiles shipped in profiles/ are valid settings."""

from __future__ import annotations

from pathlib import Path

from paint_pipeline.pipeline.settings import load_settings


def test_every_shipped_profile_loads():
    profiles = sorted((Path(__file__).resolve().parent.parent / "profiles").rglob("*.json"))
    assert profiles
    for path in profiles:
        settings = load_settings(str(path))
        settings.policy_config(), settings.reward_config()  # nested overrides validate too
        assert settings.profile == path.stem


def test_every_field_is_type_checked_strictly_and_bounded(tmp_path):
    import json

    import pytest

    from paint_pipeline.pipeline.settings import SettingsError

    refused = {
        "auto_continue": ("no", "auto_continue = 'no': must be true or false"),
        "registry_name": ("../../x", "registry_name = '../../x': must be a plain name"),
        "render_size": (100000, r"render_size = 100000: must be in \[16, 2048\]"),
        "eval_seed": ("abc", "eval_seed = 'abc': must be an integer"),
        "warm_start_steps": (True, "warm_start_steps = True: must be an integer"),
        "eval_temperature": ("0.3", "eval_temperature = '0.3': must be a number"),
        "hub_repo_id": ("a/b/c", "hub_repo_id = 'a/b/c': must be owner/name"),
        "policy": ({"lora_r": 4.0}, "lora_r = 4.0: must be an integer"),
        "reward": ({"w_brush": "0.15"}, "w_brush = .0.15.: must be a number"),
    }
    for field, (value, message) in refused.items():
        path = tmp_path / f"{field}.json"
        path.write_text(json.dumps({field: value}))
        with pytest.raises(SettingsError, match=message):
            load_settings(str(path))
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"eval_prompts": 4, "profile": "\xff\xfe"}')
    with pytest.raises(SettingsError, match=r"binary\.json: cannot read pipeline profile: 'utf-8' codec"):
        load_settings(str(binary))
    # What is right still loads, integers where a number is asked for included.
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"eval_temperature": 1, "auto_continue": True, "registry_name": "my-model.v2"}))
    assert load_settings(str(good)).eval_temperature == 1.0
