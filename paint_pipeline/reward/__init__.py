"""The five-tier verifiable reward: pure Python, no Dagster.

- `tiers/`: one module per name in `TIERS` (compile_gate, alignment, richness, brush, aesthetic);
- `judges/`: the models the tiers consult (the alignment backends: CLIP, the pretrained judge, the offline palette
  judge; the learned aesthetic head; the text detector);
- the composite that runs the tiers on a batch (`composite.RewardScorer`), its config (`config.RewardConfig`), the
  scorecard and its Parquet table, the reward version, and TRL reward functions;
- `calibration/`: the labelled set, the hack corpus and the judge matrix, which measure the reward and never
  decide a score; `bench.py` times the tiers.
"""

from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import TIERS, RewardConfig, RewardConfigError
from paint_pipeline.reward.render_and_score import render_and_score
from paint_pipeline.reward.scorecard import FLAGS, Sample, Scorecard, TierScore
from paint_pipeline.reward.trl_rewards import make_trl_reward_functions, trl_reward_weights

__all__ = [
    "FLAGS",
    "TIERS",
    "RewardConfig",
    "RewardConfigError",
    "RewardScorer",
    "Sample",
    "Scorecard",
    "TierScore",
    "make_trl_reward_functions",
    "render_and_score",
    "trl_reward_weights",
]
