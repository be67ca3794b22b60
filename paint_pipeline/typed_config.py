"""Shared plumbing of the typed configs (RewardConfig, PolicyConfig): frozen dataclasses whose fields carry
their help text, built from dicts or JSON files with errors that name the file and the field."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def field_with_help(default: Any, help: str) -> Any:
    if isinstance(default, (list, tuple)):
        default = tuple(default)
    return dataclasses.field(default=default, metadata={"help": help})


def _matches(value: Any, hint: Any) -> bool:
    """Strict JSON-ish type check: no bool for an int or float, no int for a bool, no string for a number."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (tuple, list)):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(value) == len(args) and all(_matches(v, a) for v, a in zip(value, args))
    if hint in (str, dict):
        return isinstance(value, hint)
    return True  # a type this checker does not know: left to the class's own validate()


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(h) for h in typing.get_args(hint))
    if hint is type(None):
        return "null"
    if origin is tuple:
        return "a list"
    return {bool: "true or false", int: "an integer", float: "a number", str: "a string", dict: "an object"}.get(
        hint, str(hint))


def check_types(config: Any, error: type[Exception], where: str) -> None:
    """Every field of a typed config has its annotated type (strictly: `"no"` is not false, `true` is not 1)."""
    hints = typing.get_type_hints(type(config))
    for f in dataclasses.fields(config):
        value = getattr(config, f.name)
        if not _matches(value, hints[f.name]):
            raise error(f"{where}: {f.name} = {value!r}: must be {_describe(hints[f.name])}")


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
        message = str(exc)
        raise error(message if message.startswith(source) else f"{source}: {message}") from None


def from_file(cls: type[T], path: str | Path, *, what: str, error: type[Exception]) -> T:
    path = Path(path)
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{path}: cannot read {what}: {exc}") from None
    if not isinstance(values, dict):
        raise error(f"{path}: a {what} is a JSON object")
    return from_dict(cls, values, source=str(path), error=error)


def help_text(cls: type) -> str:
    return "\n".join(f"{f.name} (default {f.default!r}): {f.metadata['help']}" for f in dataclasses.fields(cls))
