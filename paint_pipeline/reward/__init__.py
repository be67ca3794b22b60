"""The five-tier verifiable reward: pure Python, no Dagster.

One module per tier (compile_gate, alignment [+ alignment_clip, alignment_offline],
richness, brush, aesthetic [+ learned_head]), the composite that runs them on a
batch (composite.RewardScorer), its config (config.RewardConfig), the scorecard
and its Parquet table, group advantages, and TRL reward functions.
"""

from paint_pipeline.reward.advantages import AdvantageStats, group_advantages
from paint_pipeline.reward.composite import RewardScorer
from paint_pipeline.reward.config import TIERS, RewardConfig, RewardConfigError
from paint_pipeline.reward.render_and_score import render_and_score
from paint_pipeline.reward.scorecard import FLAGS, Sample, Scorecard, TierScore
from paint_pipeline.reward.trl_rewards import make_trl_reward_functions, trl_reward_weights

__all__ = [
    "FLAGS",
    "TIERS",
    "AdvantageStats",
    "RewardConfig",
    "RewardConfigError",
    "RewardScorer",
    "Sample",
    "Scorecard",
    "TierScore",
    "group_advantages",
    "make_trl_reward_functions",
    "render_and_score",
    "trl_reward_weights",
]
