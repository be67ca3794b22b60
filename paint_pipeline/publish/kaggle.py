"""Uploading a registry entry to Kaggle Models with kagglehub (credentials from KAGGLE_USERNAME /
KAGGLE_KEY or ~/.kaggle/kaggle.json). The handle is owner/model/framework/variation."""

from __future__ import annotations

from pathlib import Path

from paint_pipeline.publish.hub import PublishError


def upload_to_kaggle(folder: Path, handle: str, *, version_notes: str) -> None:
    if handle.count("/") != 3:
        raise PublishError(f"Kaggle handle {handle!r}: expected owner/model/framework/variation")
    try:
        import kagglehub
    except ImportError:
        raise PublishError("publishing to Kaggle Models needs `pip install kagglehub`") from None
    try:
        kagglehub.model_upload(handle, str(folder), license_name="Apache 2.0", version_notes=version_notes)
    except Exception as exc:  # kagglehub raises several unrelated types; the message is what matters
        raise PublishError(f"Kaggle Models {handle}: {exc}") from None
