"""Optional learned aesthetic head: a LAION-style MLP on CLIP image embeddings.

The LAION "improved aesthetic predictor" is an MLP (embedding -> 1024 -> 128 ->
64 -> 16 -> 1) trained on normalised CLIP ViT-L/14 embeddings, predicting a
1-10 rating. Its weights are not available offline here, so it is off by
default; configure `aesthetic_head` with a state-dict file and use a CLIP
backend whose embedding size matches.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from paint_pipeline.errors import PaintPipelineError


class AestheticHeadError(PaintPipelineError, RuntimeError):
    """The learned head could not be loaded or does not fit the CLIP backend."""


def build_mlp(dim: int):
    import torch.nn as nn

    class AestheticMLP(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.layers = nn.Sequential(
                nn.Linear(dim, 1024), nn.Dropout(0.2), nn.Linear(1024, 128), nn.Dropout(0.2),
                nn.Linear(128, 64), nn.Dropout(0.1), nn.Linear(64, 16), nn.Linear(16, 1),
            )

        def forward(self, x):
            return self.layers(x)

    return AestheticMLP()


class LearnedAestheticHead:
    def __init__(self, path: str | Path) -> None:
        import torch

        path = Path(path)
        try:
            state = torch.load(path, map_location="cpu", weights_only=True)
        except (OSError, RuntimeError, ValueError) as exc:
            raise AestheticHeadError(f"cannot load the aesthetic head {path}: {exc}") from None
        if not isinstance(state, dict) or "layers.0.weight" not in state:
            raise AestheticHeadError(f"{path} is not a LAION-style aesthetic MLP state dict (no 'layers.0.weight')")
        self.dim = int(state["layers.0.weight"].shape[1])
        self.model = build_mlp(self.dim)
        try:
            self.model.load_state_dict(state)
        except RuntimeError as exc:
            raise AestheticHeadError(f"{path}: weights do not fit the LAION MLP: {exc}") from None
        self.model.eval()
        self.path = path

    def __call__(self, embeddings: np.ndarray) -> np.ndarray:
        """Scores in [0, 1] (the 1-10 rating mapped linearly) for L2-normalised embeddings."""
        import torch

        if embeddings.shape[1] != self.dim:
            raise AestheticHeadError(
                f"aesthetic head {self.path} expects {self.dim}-dim CLIP embeddings, got {embeddings.shape[1]} "
                "(the LAION head is for ViT-L-14)")
        with torch.inference_mode():
            rating = self.model(torch.from_numpy(embeddings.astype(np.float32))).squeeze(-1).numpy()
        return np.clip((rating - 1.0) / 9.0, 0.0, 1.0)
