"""Test-wide settings and fixtures."""

import os

import pytest

# No model hub here: a missing weight must fail at once instead of after a minute of retries.
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="module")
def tokenizer():
    """The tiny BPE tokenizer the policy tests build from their own vocabulary (no download)."""
    from paint_pipeline.policy.tiny import build_tiny_tokenizer

    return build_tiny_tokenizer()
