"""Load and validate the JSONL prompt sets under ``data/prompts``.

Each line of a prompt file is one JSON object with exactly the keys
``prompt_id``, ``prompt``, ``category`` and ``difficulty``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from paint_pipeline.errors import PaintPipelineError
from paint_pipeline.paths import PROMPTS_DIR

DIFFICULTIES = ("easy", "medium", "hard")
SPLITS = ("train", "validation", "test")
REQUIRED_KEYS = ("prompt_id", "prompt", "category", "difficulty")

DEFAULT_DATA_DIR = PROMPTS_DIR

_CATEGORY_RE = re.compile(r"^[a-z][a-z0-9_-]*$")


@dataclass(frozen=True)
class Prompt:
    """One art prompt from a prompt set."""

    prompt_id: str
    prompt: str
    category: str
    difficulty: str


class PromptFileError(PaintPipelineError, ValueError):
    """A prompt file is malformed; the message names the file and line."""

    def __init__(self, path: str | Path, line: int | None, problem: str) -> None:
        self.path = str(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {problem}")


def normalize_prompt(text: str) -> str:
    """Lowercase, drop punctuation and collapse whitespace, for duplicate checks."""
    return " ".join(re.sub(r"[^\w\s]", "", text.lower()).split())


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    # json.loads would silently keep the last value of a repeated key.
    seen: dict[str, object] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f'duplicate key "{key}"')
        seen[key] = value
    return seen


def _parse_record(path: Path, lineno: int, text: str) -> Prompt:
    """Parse and validate one non-blank line."""
    try:
        record = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise PromptFileError(path, lineno, f"invalid JSON: {exc.msg}") from None
    except ValueError as exc:  # raised by _reject_duplicate_keys
        raise PromptFileError(path, lineno, str(exc)) from None
    if not isinstance(record, dict):
        raise PromptFileError(
            path, lineno, f"expected a JSON object, got {type(record).__name__}"
        )

    for key in REQUIRED_KEYS:
        if key not in record:
            raise PromptFileError(path, lineno, f'missing key "{key}"')
    extra = sorted(set(record) - set(REQUIRED_KEYS))
    if extra:
        names = ", ".join(f'"{k}"' for k in extra)
        raise PromptFileError(path, lineno, f"unexpected key(s) {names}")
    for key in REQUIRED_KEYS:
        value = record[key]
        if not isinstance(value, str):
            raise PromptFileError(
                path, lineno, f'key "{key}" must be a string, got {type(value).__name__}'
            )
        if not value.strip():
            raise PromptFileError(path, lineno, f"empty {key}")

    prompt_id = record["prompt_id"]
    if prompt_id != prompt_id.strip() or any(ch.isspace() for ch in prompt_id):
        raise PromptFileError(path, lineno, f'prompt_id "{prompt_id}" contains whitespace')
    if not _CATEGORY_RE.match(record["category"]):
        raise PromptFileError(
            path, lineno, f'invalid category "{record["category"]}" (use lowercase words)'
        )
    if record["difficulty"] not in DIFFICULTIES:
        expected = ", ".join(DIFFICULTIES)
        raise PromptFileError(
            path,
            lineno,
            f'unknown difficulty "{record["difficulty"]}" (expected one of {expected})',
        )
    return Prompt(
        prompt_id=prompt_id,
        prompt=record["prompt"],
        category=record["category"],
        difficulty=record["difficulty"],
    )


def load_prompts(path: str | Path) -> list[Prompt]:
    """Load a JSONL prompt file, validating every line; prompts keep file order."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PromptFileError(path, None, f"cannot read file: {exc.strerror}") from None

    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # a single trailing newline is fine
    if not lines:
        raise PromptFileError(path, None, "file contains no prompts")

    prompts: list[Prompt] = []
    first_id: dict[str, int] = {}
    first_text: dict[str, int] = {}
    for lineno, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise PromptFileError(path, lineno, "line is not valid UTF-8") from None
        if not text.strip():
            raise PromptFileError(path, lineno, "blank line")

        prompt = _parse_record(path, lineno, text)
        if prompt.prompt_id in first_id:
            first = first_id[prompt.prompt_id]
            raise PromptFileError(
                path,
                lineno,
                f'duplicate prompt_id "{prompt.prompt_id}" (first seen at line {first})',
            )
        key = normalize_prompt(prompt.prompt)
        if key in first_text:
            raise PromptFileError(
                path,
                lineno,
                f'duplicate prompt "{prompt.prompt}" (first seen at line {first_text[key]})',
            )
        first_id[prompt.prompt_id] = lineno
        first_text[key] = lineno
        prompts.append(prompt)
    return prompts


def load_split(name: str, data_dir: str | Path | None = None) -> list[Prompt]:
    """Load ``<data_dir>/<name>.jsonl`` for a split name in ``SPLITS``."""
    if name not in SPLITS:
        raise ValueError(f'unknown split "{name}" (expected one of {", ".join(SPLITS)})')
    directory = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    return load_prompts(directory / f"{name}.jsonl")


def check_no_overlap(splits: dict[str, list[Prompt]]) -> None:
    """Raise ValueError if any prompt_id or normalised prompt occurs in two splits."""
    id_owner: dict[str, str] = {}
    text_owner: dict[str, tuple[str, str]] = {}
    for split_name, prompts in splits.items():
        for p in prompts:
            owner = id_owner.get(p.prompt_id)
            if owner is not None and owner != split_name:
                raise ValueError(
                    f'prompt_id "{p.prompt_id}" appears in both splits '
                    f'"{owner}" and "{split_name}"'
                )
            id_owner[p.prompt_id] = split_name

            key = normalize_prompt(p.prompt)
            seen = text_owner.get(key)
            if seen is not None and seen[0] != split_name:
                raise ValueError(
                    f'prompt "{p.prompt}" appears in both splits "{seen[0]}" ({seen[1]}) '
                    f'and "{split_name}" ({p.prompt_id})'
                )
            text_owner.setdefault(key, (split_name, p.prompt_id))
