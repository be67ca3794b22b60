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
