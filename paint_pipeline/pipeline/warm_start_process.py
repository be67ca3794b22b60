"""`python -m paint_pipeline.pipeline.warm_start_process [--profile P]`: the profile's warm start in a process of
its own, reporting to Dagster through Pipes when Dagster launched it (the `policy_warm_start` asset does).

Why a process of its own: the warm start's backward passes touch ~20 GB on a CPU, and glibc keeps most of it
after training returns. Run inside the Dagster process, 13.5 GB stayed resident into the first cycle and the
kernel killed the demo when the GRPO subprocess started (measured on a fresh `make demo`, 24 GB machine). A
process that exits gives all of it back.

The profile is resolved exactly as `PipelineResource` resolves it: `--profile` if given, else PAINT_PROFILE,
else `default`; PAINT_ARTIFACTS and the working directory are inherited.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys

from paint_pipeline.pipeline.settings import SettingsError, load_settings


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m paint_pipeline.pipeline.warm_start_process",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="", help="pipeline profile: a name or a JSON file (default: "
                                                      "PAINT_PROFILE, else 'default')")
    args = parser.parse_args(argv)
    try:
        settings = load_settings(args.profile or None)
    except SettingsError as exc:
        print(f"paint_pipeline.pipeline.warm_start_process: {exc}", file=sys.stderr)
        return 1
    from paint_pipeline.pipeline.steps import run_warm_start
    from paint_pipeline.policy.train import dagster_pipes_session
    from paint_pipeline.procstat import LAUNCHER_ENV, exit_with_launcher

    if os.environ.get(LAUNCHER_ENV, "").isdigit():  # it does not outlive the run that launched it
        exit_with_launcher(int(os.environ[LAUNCHER_ENV]))

    with dagster_pipes_session() as pipes:
        log = pipes.log.info if pipes is not None else print
        folder = run_warm_start(settings, log=log)
        peak = round(peak_rss_mb(), 1)
        log(f"[warm-start] done in process {os.getpid()}, peak memory {peak:.0f} MB")
        if pipes is not None:
            # The checkpoint's own metrics are read from its manifest by the asset.
            pipes.report_asset_materialization(metadata={
                "checkpoint": {"raw_value": str(folder), "type": "path"}, "process_id": os.getpid(),
                "peak_rss_mb": peak})
    return 0


if __name__ == "__main__":
    sys.exit(main())
