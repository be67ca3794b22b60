"""Uploading a registry entry to the Hugging Face Hub: create the repo (idempotent), then upload the
assembled folder in one commit. The endpoint comes from HF_ENDPOINT as usual (tests point it at a local
server); the token from HF_TOKEN or the user's login."""

from __future__ import annotations

from pathlib import Path

from paint_pipeline.errors import PaintPipelineError


class PublishError(PaintPipelineError, RuntimeError):
    """Publishing stopped (an upload failed, or what it would publish does not check out); the message names
    the target or file and the reason."""


def upload_to_hub(folder: Path, repo_id: str, *, commit_message: str, private: bool = True) -> str:
    from huggingface_hub import HfApi
    from huggingface_hub.errors import HfHubHTTPError

    from paint_pipeline.policy.models import HUB_FAILURES

    api = HfApi()
    try:
        api.create_repo(repo_id, repo_type="model", private=private, exist_ok=True)
        info = api.upload_folder(repo_id=repo_id, repo_type="model", folder_path=str(folder),
                                 commit_message=commit_message)
    except HfHubHTTPError as exc:
        raise PublishError(f"Hugging Face Hub {repo_id}: {exc}") from None
    except HUB_FAILURES as exc:  # unreachable, offline, or a malformed repo id
        raise PublishError(f"Hugging Face Hub {repo_id}: {type(exc).__name__}: {exc} (is the Hub reachable from "
                           "here? the registry entry is published locally either way)") from None
    return str(getattr(info, "commit_url", info))
