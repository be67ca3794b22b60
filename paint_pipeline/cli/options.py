"""What several commands share: argument types, option groups and the configs they build.

`--profile` is added here and only here, so every command that reads a run profile names it the same way.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Callable

Handler = Callable[[argparse.Namespace], int]


def command(sub, name: str, handler: Handler | None, **kwargs) -> argparse.ArgumentParser:
    """Adds the subcommand `name` and registers its handler with it (once, where it is defined)."""
    parser = sub.add_parser(name, **kwargs)
    if handler is not None:
        parser.set_defaults(handler=handler)
    return parser


def tool(sub, name: str, module_name: str, help: str) -> argparse.ArgumentParser:
    """Adds the subcommand `name` for the tool module `paint_pipeline.<module_name>` (e.g. "benchmarks.cpu_bf16"):
    its `add_arguments(parser)` defines the options now and its `run(args)` is the handler; `--help` shows its
    docstring. Every parser is built at start-up, so a tool module imports nothing heavy at top level (torch,
    transformers, PIL are imported inside its functions)."""
    module = importlib.import_module(f"paint_pipeline.{module_name}")
    parser = command(sub, name, module.run, help=help, description=module.__doc__,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    module.add_arguments(parser)
    return parser


def tool_group(sub, name: str, package: str, tools, help: str):
    """The subcommand `name` holding one tool subcommand per (subcommand, module of `package`, help) in `tools`
    (`bench`, `analyze`); returns its subparsers, for commands of the group that are not tool modules."""
    group = command(sub, name, None, help=help).add_subparsers(dest=name, required=True)
    for tool_name, module, tool_help in tools:
        tool(group, tool_name, f"{package}.{module}", help=tool_help)
    return group


def _int_in(text: str, low: int, high: int | None, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < low or (high is not None and value > high):
        raise argparse.ArgumentTypeError(f"{what}, got {value}")
    return value


def positive_int(text: str) -> int:
    return _int_in(text, 1, None, "expected a positive integer")


def seed(text: str) -> int:
    return _int_in(text, 0, 0xFFFFFFFF, "seed must be in [0, 4294967295]")


def config_help(sub, name: str, config_class: str, what: str) -> None:
    """`reward-config` / `policy-config`: every field of a typed config with its default and help text."""
    def handler(args: argparse.Namespace) -> int:
        module, cls = config_class.rsplit(".", 1)
        print(getattr(importlib.import_module(module), cls).help())
        return 0

    command(sub, name, handler, help=f"print every {what} config field with its default and help text")


PROFILE_HELP = ("run profile: default, tiny, or a JSON file such as profiles/gpu.json (default: $PAINT_PROFILE, "
                "else default)")


def add_profile_option(parser: argparse.ArgumentParser, *, dest: str = "profile", help: str = PROFILE_HELP) -> None:
    parser.add_argument("--profile", dest=dest, default=None, help=help)


def add_renderer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--renderer-url",
        default=None,
        help="use the renderer service at this URL (default: $PP_RENDERER_URL, else start one for this command)",
    )
    parser.add_argument("--pool-size", type=positive_int, default=None, help="pages of a renderer started here")


def add_reward_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reward-config", type=Path, default=None,
                        help="JSON file of reward config fields (see `paint-pipeline reward-config`)")
    parser.add_argument("--alignment-backend", choices=("auto", "clip", "offline", "palette"), default=None,
                        help="override the config's alignment backend")


def add_policy_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--policy-config", type=Path, default=None,
                        help="JSON file of policy config fields (see `paint-pipeline policy-config`)")
    parser.add_argument("--base-model", default=None, help="override the config's base model")


def policy_config(args: argparse.Namespace):
    from paint_pipeline.policy.config import PolicyConfig

    config = PolicyConfig.from_file(args.policy_config) if args.policy_config else PolicyConfig()
    if args.base_model:
        config = config.replace(base_model=args.base_model)
    return config


def reward_config(args: argparse.Namespace):
    from paint_pipeline.reward.config import RewardConfig

    config = RewardConfig.from_file(args.reward_config) if args.reward_config else RewardConfig()
    if args.alignment_backend:
        config = config.replace(alignment_backend=args.alignment_backend)
    return config
