"""What `paint-pipeline cycle ...`, `lineage` and `publish` do: drive cycles on the Dagster instance in
DAGSTER_HOME (default `<artifacts>/dagster_home`, the one `dg dev` should use too)."""

from __future__ import annotations

import errno
import functools
import json
import os
from pathlib import Path
from typing import Callable

from dagster import AssetKey, AssetRecordsFilter, DagsterInstance

from paint_pipeline.fileio import LockBusy, atomic_write_bytes, exclusive_lock, lock_path_for
from paint_pipeline.orchestration.cycle_control import (
    CYCLE_NEXT_LOCK,
    add_next_cycle,
    awaiting_review,
    profile_snapshot_path,
)
from paint_pipeline.orchestration.failures import (
    clear_failure_record,
    failure_summary,
    read_failure_record,
    record_run_failure,
    write_failure_record,
)
from paint_pipeline.orchestration.interrupted import PID, active_runs, fail_interrupted_runs, owner_tags
from paint_pipeline.orchestration.reviews import cycles_in_order, decisions, latest_reviews, report_review
from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.pipeline.cycles import WARM_START, CycleError, checkpoint_dir, read_manifest
from paint_pipeline.pipeline.settings import PROFILE_ENV, PipelineSettings, SettingsError, load_settings

Print = Callable[[str], None]


_driving: set[str] = set()  # artifacts folders whose cycle lock this process holds


def drives_cycles(command: Callable[..., int]) -> Callable[..., int]:
    """One command at a time drives the cycles of an artifacts folder (`cycle next`, `cycle resume`, `demo`): a
    second is refused at once, naming the first's pid, instead of taking the same cycle key or racing its run.
    Re-entrant within a process (the demo calls `cycle next`)."""

    @functools.wraps(command)
    def locked(profile: str | None, *args, **kwargs) -> int:
        root = str(load_settings(profile).root.resolve())
        if root in _driving:
            return command(profile, *args, **kwargs)
        with exclusive_lock(Path(root) / CYCLE_NEXT_LOCK, what="another command running cycles in this artifacts "
                                                               "folder (cycle next, cycle resume or demo)"):
            _driving.add(root)
            try:
                return command(profile, *args, **kwargs)
            finally:
                _driving.discard(root)

    return locked


def settings_for_cycle(profile: str | None, cycle: str) -> PipelineSettings:
    """The profile `cycle` was made with (its snapshot), made the one every asset of this process sees. A --profile
    that differs from it is refused: resuming, reviewing or publishing a cycle under another profile would mix
    two configurations (a tiny adapter published under the default's name)."""
    current = load_settings(profile)
    snapshot = profile_snapshot_path(current, cycle)
    if not snapshot.is_file():  # a cycle from before snapshots: the profile given
        return use_profile(profile)
    recorded = load_settings(str(snapshot))
    ours, theirs = current.to_dict(), recorded.to_dict()
    differs = sorted(k for k in ours if k != "profile" and ours[k] != theirs.get(k))
    if profile and differs:
        raise SettingsError(f"{cycle} was made with profile {recorded.profile!r} ({snapshot}); --profile {profile} "
                            f"differs in {', '.join(differs)}: leave --profile out to use the cycle's own")
    os.environ[PROFILE_ENV] = str(snapshot)
    return recorded


def use_profile(profile: str | None) -> PipelineSettings:
    """Loads the profile and makes it the one every asset of this process sees."""
    settings = load_settings(profile)
    if profile:
        os.environ[PROFILE_ENV] = profile
    return settings


INSTANCE_BINDING = "instance.json"


def _check_writable(folder: Path) -> None:
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        why = "the disk is full" if exc.errno == errno.ENOSPC else exc.strerror or str(exc)
        raise CycleError(f"cannot write in {folder}: {why}; the pipeline keeps its cycles, checkpoints and Dagster "
                         "instance there (PAINT_ARTIFACTS and DAGSTER_HOME choose other folders)") from None


def check_instance_binding(root: Path, home: Path, known_cycles: Callable[[], list[str]]) -> None:
    """An artifacts folder belongs to one Dagster instance (its cycle keys, reviews and runs live there): the first
    command records it (relative to the folder when inside it, so a moved folder keeps it), and a command under
    another DAGSTER_HOME is refused. Numbering cycles afresh there would overwrite cycle-0001's files."""
    root, home = root.resolve(), home.resolve()
    path = root / INSTANCE_BINDING
    recorded_text = home.relative_to(root).as_posix() if home.is_relative_to(root) else str(home)
    if path.is_file():
        try:
            recorded = json.loads(path.read_text(encoding="utf-8"))["dagster_home"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CycleError(f"{path} is unreadable ({exc}); it names the Dagster instance of {root}: fix or "
                             "delete it") from None
        bound = (root / recorded).resolve()
        if bound != home:
            raise CycleError(f"{root} belongs to the Dagster instance at {bound} ({path}), but DAGSTER_HOME is {home}: "
                             f"use DAGSTER_HOME={bound}, or another artifacts folder (PAINT_ARTIFACTS) for this "
                             "instance")
        return
    # A folder from before the binding existed: its cycles must be this instance's.
    on_disk = {p.name.split(".")[0] for p in (root / "cycles").glob("cycle-*.json")} if (root / "cycles").is_dir() \
        else set()
    if on_disk and not on_disk & set(known_cycles()):
        raise CycleError(f"{root} holds cycles ({', '.join(sorted(on_disk)[:3])}, ...) that the Dagster instance at "
                         f"{home} (DAGSTER_HOME) does not know: use the DAGSTER_HOME they were made under, or another "
                         "artifacts folder (PAINT_ARTIFACTS)")
    atomic_write_bytes(path, json.dumps({"dagster_home": recorded_text}).encode())


def instance(settings: PipelineSettings, say: Print = print) -> DagsterInstance:
    chosen = os.environ.get("DAGSTER_HOME")
    home = Path(chosen).expanduser().resolve() if chosen else (settings.root / "dagster_home").resolve()
    created = not home.exists()  # Dagster refuses a DAGSTER_HOME that does not exist
    home.mkdir(parents=True, exist_ok=True)
    if chosen and created:
        say(f"DAGSTER_HOME={home} did not exist: created it")
    # Without a dagster.yaml Dagster warns on every command and keeps telemetry on; the project's file is those
    # same defaults with telemetry off. A home that has its own file is left alone.
    if not (home / "dagster.yaml").exists() and (REPO_ROOT / "dagster.yaml").is_file():
        atomic_write_bytes(home / "dagster.yaml", (REPO_ROOT / "dagster.yaml").read_bytes())
        if chosen and not created:
            say(f"DAGSTER_HOME={home} had no dagster.yaml: wrote the project's (Dagster's defaults, telemetry off)")
    if not chosen:
        os.environ["DAGSTER_HOME"] = str(home)
        say(f"DAGSTER_HOME={home} (export it before `dg dev` to see these cycles in the UI)")
    for folder in (settings.root, home):  # before any work: not a raw sqlite or PermissionError halfway through
        _check_writable(folder)
    inst = DagsterInstance.get()
    check_instance_binding(settings.root, home, lambda: cycles_in_order(inst))
    for run in fail_interrupted_runs(inst):
        cycle = run.tags.get("dagster/partition")
        say(f"run {run.run_id} ({run.job_name}{' ' + cycle if cycle else ''}) was interrupted: its process "
            f"(pid {run.tags.get(PID)}) is gone; marked failed")
        if run.job_name == "train_cycle" and cycle:
            record_run_failure(inst, settings.root, run)
    return inst


def _execute(job: str, inst: DagsterInstance, partition: str | None = None, assets: list[str] | None = None):
    from paint_pipeline.definitions import defs

    quiet = {"loggers": {"console": {"config": {"log_level": "INFO"}}}}  # step events stay in the instance
    return defs.resolve_job_def(job).execute_in_process(
        instance=inst, partition_key=partition, raise_on_error=False, run_config=quiet, tags=owner_tags(),
        asset_selection=[AssetKey(a) for a in assets] if assets else None)


def _run_cycle(settings: PipelineSettings, inst: DagsterInstance, cycle: str, say: Print,
               assets: list[str] | None = None) -> int:
    result = _execute("train_cycle", inst, cycle, assets)
    if result.success:
        clear_failure_record(settings.root, cycle)
        say(f"{cycle} trained. Review it: paint-pipeline cycle approve {cycle} --by NAME (or reject ... --note WHY)")
        return 0
    record = write_failure_record(settings.root, cycle, result.run_id, result.all_events)
    say(f"{cycle} failed in {', '.join(record['failed_steps']) or 'the run'}: {record['message']}")
    return 1


@drives_cycles
def cycle_next(profile: str | None, *, run: bool = True, sibling: bool = False, say: Print = print) -> int:
    settings = use_profile(profile)
    inst = instance(settings, say)
    waiting = awaiting_review(inst)
    if waiting and not sibling:
        # A new cycle now would start from the same parent as the one waiting: a sibling, not its successor.
        say(f"{waiting} awaits review: approve or reject it first (paint-pipeline cycle approve {waiting} --by NAME, "
            f"or resume it if it did not finish); add --sibling to start another cycle from the same parent")
        return 1
    if settings.warm_start_steps > 0 and not (checkpoint_dir(settings, WARM_START) / "manifest.json").is_file():
        say(f"no warm start yet: running it first ({settings.warm_start_steps} steps)")
        if not _execute("warm_start", inst).success:
            say("the warm start failed; see the log above")
            return 1
    manifest = add_next_cycle(inst, settings)
    say(f"{manifest.cycle}: parent {manifest.parent_cycle or 'none'} "
        f"({manifest.parent_checkpoint or 'base model'}), step {manifest.start_step}, T={manifest.temperature:.3f}")
    if not run:
        say(f"added; launch it from the UI or with: dg launch --job train_cycle --partition {manifest.cycle}")
        return 0
    return _run_cycle(settings, inst, manifest.cycle, say)


CYCLE_ASSETS = ["rollouts", "renders", "scorecards", "policy_checkpoint", "evaluation"]  # a chain, in order


@drives_cycles
def cycle_resume(profile: str | None, cycle: str, *, say: Print = print) -> int:
    """Finishes an unreviewed cycle that did not complete (its process was killed, or a step crashed and the
    cause is fixed): runs its assets from the first one it lacks, from the same manifest. The assets it already
    has are kept, so the update trains on the rollouts and scorecards that were scored."""
    settings = settings_for_cycle(profile, cycle)
    inst = instance(settings, say)
    if cycle not in cycles_in_order(inst) or read_manifest(settings, cycle) is None:
        say(f"{cycle} is not a cycle of this instance (paint-pipeline cycle status lists them)")
        return 1
    decided = decisions(inst).get(cycle)
    if decided:
        say(f"{cycle} was already {decided}; nothing to resume")
        return 1
    running = active_runs(inst, "train_cycle", cycle)
    if running:
        say(f"{cycle} is running (run {running[0].run_id}, pid {running[0].tags.get(PID, '?')}); "
            f"resume it only once that process is gone")
        return 1
    try:  # a trainer left alive by a killed run still holds its lock: a second one would race it
        with exclusive_lock(lock_path_for(checkpoint_dir(settings, cycle), "train"), what=f"the update of {cycle}"):
            pass
    except LockBusy as exc:
        say(f"{cycle}: {exc}; resume it only once that process is gone")
        return 1
    record = read_failure_record(settings.root, cycle)
    if record and record.get("failed_checks"):
        say(f"{cycle} was stopped by its checks ({record['message']}); reject it instead: "
            f"paint-pipeline cycle reject {cycle} --by NAME")
        return 1
    have = [a for a in CYCLE_ASSETS if cycle in inst.get_materialized_partitions(AssetKey(a))]
    missing = CYCLE_ASSETS[next((i for i, a in enumerate(CYCLE_ASSETS) if a not in have), len(CYCLE_ASSETS)):]
    if not missing:
        say(f"{cycle} already has all its assets; review it: paint-pipeline cycle approve {cycle} --by NAME")
        return 0
    say(f"{cycle}: resuming from {missing[0]} (keeping {', '.join(have) or 'nothing'})")
    return _run_cycle(settings, inst, cycle, say, missing)


def _interrupted_cycle(inst: DagsterInstance, settings: PipelineSettings) -> str | None:
    """The newest cycle, when it is unreviewed and its run was interrupted (the demo resumes it)."""
    cycles = cycles_in_order(inst)
    if not cycles or cycles[-1] in decisions(inst):
        return None
    record = read_failure_record(settings.root, cycles[-1])
    return cycles[-1] if record and record.get("interrupted") else None


def _check_failure(settings: PipelineSettings, cycle: str) -> str | None:
    """The message of a cycle stopped by a failed asset check (not by a crash), else None."""
    record = read_failure_record(settings.root, cycle)
    return record.get("message", "") if record and record.get("failed_checks") else None


def _latest_metadata(inst: DagsterInstance, asset: str, cycle: str) -> dict:
    records = inst.fetch_materializations(AssetRecordsFilter(asset_key=AssetKey(asset), asset_partitions=[cycle]),
                                          limit=1).records
    if not records:
        return {}
    return {k: getattr(v, "value", v) for k, v in records[0].asset_materialization.metadata.items()}


def status_rows(inst: DagsterInstance, settings: PipelineSettings) -> list[dict]:
    reviews = latest_reviews(inst)
    rows = []
    for cycle in cycles_in_order(inst):
        try:
            manifest = read_manifest(settings, cycle)
        except CycleError as exc:  # one corrupt manifest costs its own row's details, not the others' rows
            manifest = None
            say_problem = str(exc)
        else:
            say_problem = None
        cards = _latest_metadata(inst, "scorecards", cycle)
        ckpt = _latest_metadata(inst, "policy_checkpoint", cycle)
        ev = _latest_metadata(inst, "evaluation", cycle)
        failure = read_failure_record(settings.root, cycle)
        state = "evaluated" if ev else "trained" if ckpt else "scored" if cards else "not run"
        if failure and failure.get("interrupted") and not ev:
            state = f"interrupted in {', '.join(failure['failed_steps'])} (paint-pipeline cycle resume {cycle})"
        elif failure and not ev:
            state = "failed: " + failure.get("message", "")[:60]
        if say_problem:
            state = f"{state}; {say_problem}"
        review = reviews.get(cycle, {})
        rows.append({
            "cycle": cycle, "parent": _parent_label(manifest), "state": state,
            "review": (f"{review['decision']} by {review['reviewer']}" if review else "pending"),
            "T": manifest.temperature if manifest else None, "success": cards.get("render_success_rate"),
            "reward": cards.get("mean_total"), "loss": ckpt.get("loss"), "kl": ckpt.get("kl"),
            "eval_reward": ev.get("eval_mean_total"), "parent_eval": ev.get("parent_mean_total"),
        })
    return rows


def _parent_label(manifest) -> str:
    if manifest is None:
        return "-"
    if manifest.parent_cycle:
        return manifest.parent_cycle
    return WARM_START if manifest.parent_checkpoint and Path(manifest.parent_checkpoint).name == WARM_START else "base"


def format_status(rows: list[dict]) -> str:
    def num(v, fmt="{:.3f}"):
        return "-" if v is None else fmt.format(v) if isinstance(v, (int, float)) else str(v)

    head = f"{'cycle':<11} {'parent':<11} {'T':>5} {'render ok':>9} {'reward':>7} {'loss':>8} {'kl':>7} " \
           f"{'held-out':>8} {'parent':>7}  {'review':<24} state"
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['cycle']:<11} {r['parent']:<11} {num(r['T'], '{:.2f}'):>5} {num(r['success'], '{:.0%}'):>9} "
                     f"{num(r['reward']):>7} {num(r['loss'], '{:.4f}'):>8} {num(r['kl'], '{:.4f}'):>7} "
                     f"{num(r['eval_reward']):>8} {num(r['parent_eval']):>7}  {r['review']:<24} {r['state']}")
    if not rows:
        lines.append("(no cycles yet: paint-pipeline cycle next)")
    return "\n".join(lines)


def cycle_status(profile: str | None, *, as_json: bool = False, say: Print = print) -> int:
    settings = use_profile(profile)
    rows = status_rows(instance(settings, say), settings)
    say(json.dumps(rows) if as_json else format_status(rows))
    return 0


def review_gate(inst: DagsterInstance, settings: PipelineSettings, cycle: str, decision: str, *,
                override_decision: bool, override_checks: bool) -> tuple[list[str], str]:
    """What stands in the way of recording `decision` for `cycle` (each with what to do), and what the decision
    overrides (recorded with it). The gate reads the cycle's state: an approval needs a finished update, a
    finished evaluation and passed checks (failed checks may be overridden, explicitly); a decision that
    reverses an earlier one must say so."""
    problems: list[str] = []
    overrides: list[str] = []
    if cycle not in cycles_in_order(inst):
        return [f"{cycle} is not a cycle of this instance (paint-pipeline cycle status lists them)"], ""
    earlier = latest_reviews(inst).get(cycle)
    if earlier and earlier["decision"] != decision:
        if override_decision:
            overrides.append(f"the earlier decision: {earlier['decision']} by {earlier['reviewer']}")
        else:
            problems.append(f"{cycle} was already {earlier['decision']} by {earlier['reviewer']}; to reverse that, "
                            f"add --override (it is recorded as an override)")
    if decision == "approved":
        running = active_runs(inst, "train_cycle", cycle)
        if running:
            problems.append(f"{cycle} is still running (run {running[0].run_id}); review it when it has finished")
        if not (checkpoint_dir(settings, cycle) / "manifest.json").is_file():
            problems.append(f"{cycle} has no checkpoint: its update did not finish (paint-pipeline cycle resume "
                            f"{cycle}, or reject it)")
        elif cycle not in inst.get_materialized_partitions(AssetKey("evaluation")):
            problems.append(f"{cycle} has no held-out evaluation yet (paint-pipeline cycle resume {cycle})")
        failure = read_failure_record(settings.root, cycle)
        if failure and failure.get("failed_checks"):
            checks = ", ".join(failure["failed_checks"])
            if override_checks:
                overrides.append(f"failed checks: {checks}")
            else:
                problems.append(f"{cycle} failed its checks ({failure['message']}); approve it anyway only with "
                                f"--override-checks (recorded), or reject it")
    return problems, "; ".join(overrides)


def cycle_review(profile: str | None, cycle: str, decision: str, *, by: str, note: str = "", publish: bool = False,
                 override: bool = False, override_checks: bool = False, say: Print = print) -> int:
    settings = settings_for_cycle(profile, cycle)
    inst = instance(settings, say)
    problems, overriding = review_gate(inst, settings, cycle, decision, override_decision=override,
                                       override_checks=override_checks)
    if problems:
        for problem in problems:
            say(problem)
        say(f"{cycle}: nothing recorded")
        return 1
    report_review(inst, cycle, decision, by=by, note=note, override=overriding)
    say(f"{cycle} {decision} by {by}" + (f": {note}" if note else "") + (f" (overriding {overriding})"
                                                                          if overriding else ""))
    if decision == "rejected":
        from paint_pipeline.publish.publishing import retract

        for line in retract(settings, cycle, reason=f"rejected by {by}" + (f": {note}" if note else "")):
            say(line)
    if decision == "approved":
        if publish:
            result = _execute("publish", inst, cycle)
            say(f"published {cycle}" if result.success
                else f"publishing {cycle} failed: {failure_summary(result.all_events)[2]}")
            return 0 if result.success else 1
        say("the review sensor publishes it while dagster-daemon runs (dg dev); or add --publish")
    return 0


def publish(profile: str | None, cycle: str, *, dry_run: bool, move_latest_back: bool = False,
            say: Print = print) -> int:
    """Publishing outside Dagster (still only approved cycles)."""
    from paint_pipeline.publish.publishing import publish_cycle

    settings = settings_for_cycle(profile, cycle)
    review = latest_reviews(instance(settings, say)).get(cycle)
    if review is None or review["decision"] != "approved":
        say(f"{cycle} is not approved ({'no review' if review is None else review['decision']}); nothing published")
        return 1
    report = publish_cycle(settings, cycle, checkpoint_dir(settings, cycle), settings.root / "registry",
                           dry_run=dry_run, move_latest_back=move_latest_back, log=say)
    say(f"{'would publish' if dry_run else 'published'} {len(report['files'])} files: {report['registry_entry']}")
    return 0


@drives_cycles
def demo(profile: str | None, cycles: int, *, say: Print = print) -> int:
    """`make demo`: the warm start if needed, then `cycles` cycles, each approved by the demo itself and
    published; a second run continues from the last approved cycle.

    A cycle stopped by one of its blocking checks (too few renders, no reward variance, worse than its parent on
    held-out prompts) is rejected by the demo with the check's message and the next cycle starts again from the
    last approved one; the demo gives up after two such cycles in a row or on any other failure. A cycle whose
    process was killed (the last run of the demo died) is resumed from its manifest, not started over.
    """
    from paint_pipeline.pipeline.dashboard import build_dashboard

    settings = use_profile(profile)
    inst = instance(settings, say)
    approved, stopped_in_a_row = 0, 0
    while approved < cycles:
        interrupted = _interrupted_cycle(inst, settings)
        if interrupted:
            say(f"{interrupted} was interrupted before it finished: resuming it")
            code, added = cycle_resume(profile, interrupted, say=say), [interrupted]
        else:
            before = set(cycles_in_order(inst))
            code = cycle_next(profile, say=say)
            added = [c for c in cycles_in_order(inst) if c not in before]
        if code != 0:
            failure = _check_failure(settings, added[0]) if added else None
            if failure is None or stopped_in_a_row >= 1:
                say("the demo stopped: " + ("two cycles in a row failed their checks" if failure else
                                            "see the message above"))
                return 1
            stopped_in_a_row += 1
            cycle_review(profile, added[0], "rejected", by="make-demo", note=f"self-rejected by the demo: {failure}",
                         say=say)
            continue
        stopped_in_a_row = 0
        if cycle_review(profile, added[0], "approved", by="make-demo",
                        note="self-approved by the demo (no human review)", publish=True, say=say) != 0:
            return 1
        approved += 1
    rows = status_rows(inst, settings)
    say(format_status(rows))
    dashboard = build_dashboard(settings)
    last = rows[-1]["cycle"] if rows else None
    say("\nWhere to look:")
    say(f"  dashboard    {dashboard}  (charts across cycles, a gallery per cycle; reloads itself)")
    if last:
        say(f"  gallery      {settings.root / 'renders' / last}/  (this cycle's renders)")
        say(f"  scorecards   {settings.root / 'scorecards' / (last + '.parquet')}")
        say(f"  registry     {settings.root / 'registry' / settings.registry_name / last}/")
        say(f"  lineage      .venv/bin/paint-pipeline lineage {last}")
    say(f"  the UI       DAGSTER_HOME={os.environ['DAGSTER_HOME']} .venv/bin/dg dev")
    return 0


def _trained_cycles(inst: DagsterInstance, settings: PipelineSettings) -> list[str]:
    """The cycles, in order, that have a complete checkpoint (whatever their review)."""
    return [c for c in cycles_in_order(inst) if (checkpoint_dir(settings, c) / "manifest.json").is_file()]


def _say_how_to_evaluate_unapproved(inst: DagsterInstance, settings: PipelineSettings, profile: str | None,
                                    approved: list[str], split: str, prompts: int | None, samples: int | None,
                                    say: Print) -> None:
    """After the cycles stopped: the curve is not drawn, but the trained cycles the checks kept out can still be
    compared with cycle 0 on the same held-out prompts (how a harmful update shows up)."""
    trained = [c for c in _trained_cycles(inst, settings) if c not in approved]
    if not trained:
        say("no learning curve: too few approved cycles, and the stopped ones have no checkpoint to evaluate")
        return
    options = f" --split {split}" + (f" --prompts {prompts}" if prompts else "") + \
        (f" --samples {samples}" if samples else "")
    chosen = f" --profile {profile}" if profile else ""
    verb = "was" if len(trained) == 1 else "were"
    say(f"no learning curve: too few approved cycles. {', '.join(trained)} trained but {verb} not approved; "
        f"to compare them with cycle 0: paint-pipeline evaluate{chosen} --cycles {','.join(trained)}{options}")


def learning_curve(profile: str | None, cycles: int, *, split: str, prompts: int | None, samples: int | None,
                   out: Path | None, renderer_url: str | None = None, pool_size: int | None = None,
                   say: Print = print) -> int:
    """`paint-pipeline learning-curve`: makes sure `cycles` approved cycles exist (running the missing ones the
    way `make demo` does), then evaluates cycle 0 and each of them on held-out prompts with fixed seeds and
    writes a table, a chart and the verdict against the targets to `out`."""
    from paint_pipeline.pipeline import learning_curve as lc
    from paint_pipeline.pipeline.heldout import evaluate_cycles, failure_lines, format_rows
    from paint_pipeline.prompts import load_split
    from paint_pipeline.render import RendererService
    from paint_pipeline.reward import RewardScorer

    settings = use_profile(profile)
    inst = instance(settings, say)

    def approved() -> list[str]:
        decided = decisions(inst)
        return [c for c in _trained_cycles(inst, settings) if decided.get(c) == "approved"]

    have = len(approved())
    if have < cycles:
        say(f"{have} approved cycles; running {cycles - have} more (self-approved, as in make demo)")
        if demo(profile, cycles - have, say=say) != 0:
            _say_how_to_evaluate_unapproved(inst, settings, profile, approved(), split, prompts, samples, say)
            return 1
    chosen = approved()[:cycles]
    settings = settings.replace(eval_split=split, eval_prompts=prompts or len(load_split(split)),
                                eval_samples_per_prompt=samples or settings.eval_samples_per_prompt)
    scorer = RewardScorer(settings.reward_config())
    with RendererService(renderer_url or settings.renderer_url, pool_size=pool_size or settings.renderer_pool_size) \
            as client:
        rows = evaluate_cycles(settings, chosen, client, scorer, include_start=True, log=say)
    out = out or settings.root / "learning_curve"
    out.mkdir(parents=True, exist_ok=True)
    caption = (f"{settings.eval_prompts} {split} prompts x {settings.eval_samples_per_prompt} samples, "
               f"T={settings.eval_temperature}, fixed seeds; profile {settings.profile}")
    table = lc.markdown_table(rows)
    check = lc.verdict(rows)
    atomic_write_bytes(out / "learning_curve.md", (table + "\n\n" + caption + "\n\n" + "\n".join(
        f"- {line}" for line in check.lines() + failure_lines(rows)) + "\n").encode())
    atomic_write_bytes(out / "learning_curve.svg", lc.svg_chart(rows, caption=caption).encode())
    atomic_write_bytes(out / "learning_curve.json", lc.to_json(rows, {
        "profile": settings.profile, "split": split, "prompts": settings.eval_prompts,
        "samples_per_prompt": settings.eval_samples_per_prompt, "temperature": settings.eval_temperature,
        "seed": settings.eval_seed, "cycles": chosen}).encode())
    say(format_rows(rows))
    for line in check.lines():
        say(line)
    say(f"written: {out / 'learning_curve.md'}, {out / 'learning_curve.svg'}, {out / 'learning_curve.json'}")
    return 0
