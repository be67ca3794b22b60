"""Test-wide settings."""

import os

# No model hub here: a missing weight must fail at once instead of after a minute of retries.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
