"""`paint-pipeline sample`, `warm-start`, `train-online` and `policy-config`: the policy outside a cycle."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from paint_pipeline.cli.options import (
    add_policy_options,
    add_profile_option,
    add_renderer_options,
    add_reward_options,
    command,
    config_help,
    policy_config,
    positive_int,
    reward_config,
)
from paint_pipeline.render import RendererService


def register(sub) -> None:
    sample = command(sub, "sample", cmd_sample, help="sample a prompt split with a policy; optionally render and "
                                                     "score it")
    sample.add_argument("--split", default="validation", choices=("train", "validation", "test"))
    sample.add_argument("--limit", type=positive_int, default=None, help="first N prompts of the split")
    sample.add_argument("--group", type=positive_int, default=1, help="completions per prompt")
    sample.add_argument("--temperature", type=float, default=0.7)
    sample.add_argument("--checkpoint", type=Path, default=None, help="a checkpoint folder (default: the base)")
    sample.add_argument("--out", type=Path, default=None, help="write the rollouts table (Parquet) here")
    sample.add_argument("--score", action="store_true", help="render and score: print compile-success and reward")
    sample.add_argument("--guards", default=None,
                        help="decoding guards, comma-separated (api, brackets, stroke), or 'none' (default: the policy "
                             "config's decoding_guards)")
    add_policy_options(sample)
    add_renderer_options(sample)

    from paint_pipeline.policy.config import MAX_CUT_SHARE

    # Every default is the profile's, so `warm-start` alone makes the checkpoint `cycle next` and `make demo` make.
    warm = command(sub, "warm-start", cmd_warm_start, help="supervised warm start on procedurally generated sketches "
                                                           "(the profile's, unless an option overrides it)")
    add_profile_option(warm)
    warm.add_argument("--out", type=Path, default=None,
                      help="checkpoint folder (default: <artifacts>/checkpoints/warm-start, where cycles look)")
    warm.add_argument("--steps", type=positive_int, default=None, help="optimizer steps (profile: warm_start_steps)")
    warm.add_argument("--per-prompt", type=positive_int, default=None,
                      help="sketches per training prompt (profile: warm_start_per_prompt)")
    warm.add_argument("--batch-size", type=positive_int, default=None, help="profile: warm_start_batch_size")
    warm.add_argument("--learning-rate", type=float, default=None, help="profile: warm_start_learning_rate")
    warm.add_argument("--max-len", type=positive_int, default=None,
                      help="tokens a (prompt, sketch) pair is cut to (profile: warm_start_max_len); refused if it "
                           f"cuts more than {MAX_CUT_SHARE * 100:.0f}%% of the sketches")
    warm.add_argument("--resume", type=Path, default=None,
                      help="continue this warm-start checkpoint for --steps more steps instead of starting afresh")
    warm.add_argument("--system-prompt", choices=("api", "compact", "full"), default=None,
                      help="the system prompt the pairs are formatted with (profile: its policy's system_prompt; "
                           "sampling uses the same)")
    warm.add_argument("--base-model", default=None, help="override the profile's base model")

    online = command(sub, "train-online", cmd_train_online,
                     help="TRL's GRPOTrainer loop with our renderer and reward functions")
    online.add_argument("--steps", type=positive_int, default=10)
    online.add_argument("--out", type=Path, default=Path("artifacts/online"))
    online.add_argument("--limit", type=positive_int, default=None, help="first N training prompts")
    add_policy_options(online)
    add_reward_options(online)
    add_renderer_options(online)

    config_help(sub, "policy-config", "paint_pipeline.policy.config.PolicyConfig", "policy")


def cmd_sample(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.evaluation import score_rollouts
    from paint_pipeline.policy.policy_io import sample_policy
    from paint_pipeline.policy.rollouts import to_table, write_rollouts
    from paint_pipeline.prompts import load_split

    config = policy_config(args)
    if args.guards is not None:
        config = config.replace(decoding_guards=tuple(g for g in args.guards.split(",") if g and g != "none"))
    prompts = load_split(args.split)[: args.limit] if args.limit else load_split(args.split)
    rollouts = sample_policy(config, args.checkpoint, [(p.prompt_id, p.prompt) for p in prompts],
                             group_size=args.group, temperature=args.temperature, seed=1234)
    if args.out:
        write_rollouts(to_table(rollouts, cycle=args.split, policy_checkpoint=str(args.checkpoint or "base")), args.out)
        print(f"rollouts written to {args.out}", file=sys.stderr)
    if args.score:
        from paint_pipeline.reward import RewardConfig, RewardScorer

        scorer = RewardScorer(RewardConfig())
        with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
            _, _, report = score_rollouts(rollouts, client, scorer)
        print(f"{args.split} ({'checkpoint ' + str(args.checkpoint) if args.checkpoint else 'base policy'}, "
              f"T={args.temperature}, guards {','.join(config.decoding_guards) or 'none'}): {report.line()}")
        if report.failures:
            print("most common failures:\n" + "\n".join(report.failure_lines()))
    return 0


def cmd_warm_start(args: argparse.Namespace) -> int:
    from paint_pipeline.pipeline.settings import load_settings
    from paint_pipeline.pipeline.steps import run_warm_start

    settings = load_settings(args.profile)
    overrides = {name: value for name, value in (
        ("warm_start_steps", args.steps), ("warm_start_per_prompt", args.per_prompt),
        ("warm_start_batch_size", args.batch_size), ("warm_start_learning_rate", args.learning_rate),
        ("warm_start_max_len", args.max_len)) if value is not None}
    policy = {**settings.policy, **({"system_prompt": args.system_prompt} if args.system_prompt else {}),
              **({"base_model": args.base_model} if args.base_model else {})}
    settings = settings.replace(policy=policy, **overrides)
    run_warm_start(settings, out=args.out, resume=args.resume)
    return 0


def cmd_train_online(args: argparse.Namespace) -> int:
    from paint_pipeline.policy.online import train_online
    from paint_pipeline.prompts import load_split
    from paint_pipeline.reward import RewardScorer

    config = policy_config(args)
    scorer = RewardScorer(reward_config(args))
    prompts = [p.prompt for p in load_split("train")][: args.limit]
    with RendererService(args.renderer_url, pool_size=args.pool_size) as client:
        out = train_online(config, scorer=scorer, client=client, steps=args.steps, out_dir=args.out, prompts=prompts)
    print(f"adapter written to {out / 'adapter'}")
    return 0
