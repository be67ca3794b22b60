"""Dagster resources: the pipeline's settings, the renderer, the reward scorer (CLIP or offline), the
checkpoint store, the publishers and the Parquet I/O manager. Only configuration differs between a CPU
laptop and a GPU machine; the definitions are the same."""

from __future__ import annotations

import functools
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional

import pyarrow as pa
import pyarrow.parquet as pq
from dagster import (
    ConfigurableIOManagerFactory,
    ConfigurableResource,
    InitResourceContext,
    InputContext,
    OutputContext,
    UPathIOManager,
)
from upath import UPath

from paint_pipeline.orchestration.interrupted import claim_run
from paint_pipeline.parquet_io import write_table
from paint_pipeline.pipeline.settings import PipelineSettings, load_settings


class PipelineResource(ConfigurableResource):
    """The run profile: `default`, `tiny`, or a JSON file; empty reads PAINT_PROFILE."""

    profile: str = ""

    def setup_for_execution(self, context: InitResourceContext) -> None:
        # Every asset uses this resource, so a run launched from the UI or `dg launch` gets the owner
        # tags the CLI sets itself: if its process dies, the next look at the instance fails it.
        if context.instance is not None and context.run is not None:
            claim_run(context.instance, context.run)

    def settings(self) -> PipelineSettings:
        return load_settings(self.profile or None)


class RendererResource(ConfigurableResource):
    """Connects to the renderer at `url` (or the profile's renderer_url), else starts a local service for
    the duration of one step."""

    url: Optional[str] = None
    pool_size: Optional[int] = None

    @contextmanager
    def session(self, settings: PipelineSettings) -> Iterator[object]:
        from paint_pipeline.pipeline.steps import renderer_for

        with renderer_for(settings, self.url, self.pool_size) as client:
            yield client


@functools.lru_cache(maxsize=2)
def _scorer(reward_json: str):
    from paint_pipeline.reward import RewardConfig, RewardScorer

    return RewardScorer(RewardConfig.from_dict(json.loads(reward_json)))


class ScorerResource(ConfigurableResource):
    """The five-tier reward. CLIP weights load once per process and are reused across assets."""

    def scorer(self, settings: PipelineSettings):
        return _scorer(json.dumps(settings.reward_config().to_dict(), sort_keys=True))


class CheckpointStore(ConfigurableResource):
    """Where checkpoints live: `<artifacts>/checkpoints/<cycle>/` (written atomically by the trainer)."""

    root: Optional[str] = None

    def folder(self, settings: PipelineSettings, name: str) -> Path:
        return Path(self.root) / name if self.root else settings.root / "checkpoints" / name

    def open(self, settings: PipelineSettings, name: str):
        from paint_pipeline.policy.checkpoint import open_checkpoint

        return open_checkpoint(self.folder(settings, name))


class PublisherResource(ConfigurableResource):
    """Publishing approved checkpoints: the local registry always; the Hugging Face Hub and Kaggle Models
    when the profile names a repo / handle; `dry_run` lists what would be uploaded instead."""

    dry_run: bool = False
    registry_root: Optional[str] = None

    def registry(self, settings: PipelineSettings) -> Path:
        return Path(self.registry_root) if self.registry_root else settings.root / "registry"


class _ParquetIOManager(UPathIOManager):
    extension = ".parquet"

    def dump_to_path(self, context: OutputContext, obj: pa.Table, path: UPath) -> None:
        write_table(obj, Path(str(path)))

    def load_from_path(self, context: InputContext, path: UPath) -> pa.Table:
        return pq.read_table(Path(str(path)))


class ParquetIOManager(ConfigurableIOManagerFactory):
    """Tables as `<artifacts>/<asset>/<cycle>.parquet` (written to a temporary file, then renamed)."""

    base_dir: Optional[str] = None

    def create_io_manager(self, context) -> _ParquetIOManager:
        return _ParquetIOManager(base_path=UPath(self.base_dir or str(load_settings().root)))


def table_path(settings: PipelineSettings, asset: str, cycle: str) -> Path:
    """Where the I/O manager keeps an asset's table for a cycle (the trainer reads these paths)."""
    return settings.root / asset / f"{cycle}.parquet"
