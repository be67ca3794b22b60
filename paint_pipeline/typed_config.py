"""Shared plumbing of the typed configs (RewardConfig, PolicyConfig): frozen dataclasses whose fields carry
their help text, built from dicts or JSON files with errors that name the file and the field."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def field_with_help(default: Any, help: str) -> Any:
    if isinstance(default, (list, tuple)):
        default = tuple(default)
    return dataclasses.field(default=default, metadata={"help": help})


def to_dict(config: Any) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(config).items()}


def from_dict(cls: type[T], values: dict[str, Any], *, source: str, error: type[Exception]) -> T:
    """Builds `cls` from JSON-like values: lists become tuples, ints become floats where the default is a float."""
    names = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - set(names))
    if unknown:
        raise error(f"{source}: unknown field(s) {', '.join(unknown)}; known: {', '.join(names)}")
    kwargs = {}
    for key, value in values.items():
        default = names[key].default
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except (error, TypeError) as exc:
        raise error(f"{source}: {exc}") from None


def from_file(cls: type[T], path: str | Path, *, what: str, error: type[Exception]) -> T:
    path = Path(path)
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise error(f"{path}: cannot read {what}: {exc}") from None
    if not isinstance(values, dict):
        raise error(f"{path}: a {what} is a JSON object")
    return from_dict(cls, values, source=str(path), error=error)


def help_text(cls: type) -> str:
    return "\n".join(f"{f.name} (default {f.default!r}): {f.metadata['help']}" for f in dataclasses.fields(cls))
