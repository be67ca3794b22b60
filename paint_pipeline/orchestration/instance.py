"""The Dagster instance a command works on, and the profile every asset of its process sees.

DAGSTER_HOME chooses the instance (default `<artifacts>/dagster_home`, the one `dg dev` should use too); an
artifacts folder belongs to one instance, recorded in `instance.json`. Opening the instance also marks the runs
whose process is gone as failed, so a killed cycle shows as interrupted rather than running forever.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Callable

from dagster import DagsterInstance

from paint_pipeline.fileio import atomic_write_bytes
from paint_pipeline.orchestration.cycle_control import profile_snapshot_path
from paint_pipeline.orchestration.failures import record_run_failure
from paint_pipeline.orchestration.interrupted import PID, fail_interrupted_runs
from paint_pipeline.orchestration.reviews import cycles_in_order
from paint_pipeline.paths import REPO_ROOT
from paint_pipeline.pipeline.cycles import CycleError
from paint_pipeline.pipeline.settings import PROFILE_ENV, PipelineSettings, SettingsError, load_settings

Print = Callable[[str], None]


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
