"""Tests for the prompt sets in data/prompts and the loader in paint_pipeline.prompts."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from paint_pipeline.prompts import (
    DEFAULT_DATA_DIR,
    DIFFICULTIES,
    SPLITS,
    Prompt,
    PromptFileError,
    check_no_overlap,
    load_prompts,
    load_split,
    normalize_prompt,
)

MIN_SIZES = {"train": 220, "validation": 45, "test": 45}
MIN_CATEGORIES = 8


@pytest.fixture(scope="module")
def splits() -> dict[str, list[Prompt]]:
    return {name: load_split(name) for name in SPLITS}


# --- the real prompt files ---------------------------------------------------


def test_default_data_dir_is_repo_data_prompts() -> None:
    assert DEFAULT_DATA_DIR == Path(__file__).resolve().parent.parent / "data" / "prompts"


@pytest.mark.parametrize("name", SPLITS)
def test_split_size(splits: dict[str, list[Prompt]], name: str) -> None:
    assert len(splits[name]) >= MIN_SIZES[name]


def test_categories_cover_every_split(splits: dict[str, list[Prompt]]) -> None:
    per_split = {name: {p.category for p in prompts} for name, prompts in splits.items()}
    all_categories = set().union(*per_split.values())
    assert len(all_categories) >= MIN_CATEGORIES
    for name, categories in per_split.items():
        assert categories == all_categories, f"{name} lacks {all_categories - categories}"


def test_categories_roughly_balanced(splits: dict[str, list[Prompt]]) -> None:
    counts = Counter(p.category for prompts in splits.values() for p in prompts)
    assert max(counts.values()) <= 2 * min(counts.values()), counts


@pytest.mark.parametrize("name", SPLITS)
def test_every_difficulty_in_split(splits: dict[str, list[Prompt]], name: str) -> None:
    assert {p.difficulty for p in splits[name]} == set(DIFFICULTIES)


def test_no_duplicates_within_or_across_splits(splits: dict[str, list[Prompt]]) -> None:
    everything = [p for prompts in splits.values() for p in prompts]
    ids = Counter(p.prompt_id for p in everything)
    texts = Counter(normalize_prompt(p.prompt) for p in everything)
    assert [i for i, n in ids.items() if n > 1] == []
    assert [t for t, n in texts.items() if n > 1] == []
    check_no_overlap(splits)


@pytest.mark.parametrize("name", SPLITS)
def test_prompt_text_shape(splits: dict[str, list[Prompt]], name: str) -> None:
    for p in splits[name]:
        words = p.prompt.split()
        assert 4 <= len(words) <= 16, p
        assert not p.prompt.endswith("."), p
        assert p.prompt == p.prompt.strip(), p


@pytest.mark.parametrize(
    ("name", "prefix"), [("train", "train-"), ("validation", "val-"), ("test", "test-")]
)
def test_prompt_id_prefix(splits: dict[str, list[Prompt]], name: str, prefix: str) -> None:
    assert all(p.prompt_id.startswith(prefix) for p in splits[name])


def test_unknown_split_name() -> None:
    with pytest.raises(ValueError, match="unknown split"):
        load_split("dev")


# --- loader behaviour on small files -------------------------------------------


def _record(n: int, **overrides: object) -> dict[str, object]:
    record: dict[str, object] = {
        "prompt_id": f"t-{n:04d}",
        "prompt": f"prompt number {n} in charcoal",
        "category": "abstract",
        "difficulty": "easy",
    }
    record.update(overrides)
    return record


def _at(path: Path, line: int | None = None) -> str:
    """Regex for the start of an error message about ``path`` (and ``line``)."""
    where = str(path) if line is None else f"{path}:{line}"
    return "^" + re.escape(where) + ": "


def _write(path: Path, lines: list[str], trailing_newline: bool = True) -> Path:
    path.write_text("\n".join(lines) + ("\n" if trailing_newline else ""), encoding="utf-8")
    return path


def test_valid_file_loads_in_order(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "ok.jsonl",
        [
            json.dumps(_record(2, difficulty="hard")),
            json.dumps(_record(1, category="sky")),
            json.dumps(_record(3, difficulty="medium")),
        ],
    )
    prompts = load_prompts(path)
    assert prompts == [
        Prompt("t-0002", "prompt number 2 in charcoal", "abstract", "hard"),
        Prompt("t-0001", "prompt number 1 in charcoal", "sky", "easy"),
        Prompt("t-0003", "prompt number 3 in charcoal", "abstract", "medium"),
    ]


def test_missing_trailing_newline_is_fine(tmp_path: Path) -> None:
    path = _write(tmp_path / "ok.jsonl", [json.dumps(_record(1))], trailing_newline=False)
    assert len(load_prompts(path)) == 1


def test_load_split_with_data_dir(tmp_path: Path) -> None:
    _write(tmp_path / "validation.jsonl", [json.dumps(_record(1))])
    assert [p.prompt_id for p in load_split("validation", data_dir=tmp_path)] == ["t-0001"]


def _without(key: str) -> str:
    record = _record(3)
    del record[key]
    return json.dumps(record)


BAD_LINES = [
    ('{"prompt_id": "t-0003" "prompt": "x"}', r"invalid JSON: Expecting ',' delimiter"),
    (_without("category"), r'missing key "category"'),
    (_without("prompt_id"), r'missing key "prompt_id"'),
    (json.dumps(_record(3, style="ink")), r'unexpected key\(s\) "style"'),
    (json.dumps(_record(3, difficulty="extreme")), r'unknown difficulty "extreme"'),
    (json.dumps(_record(3, prompt="   ")), r"empty prompt"),
    (json.dumps(_record(3, prompt_id="")), r"empty prompt_id"),
    (json.dumps(_record(3, difficulty=2)), r'key "difficulty" must be a string, got int'),
    (json.dumps(_record(3, prompt=None)), r'key "prompt" must be a string, got NoneType'),
    (json.dumps(_record(3, category="Sea Scapes")), r'invalid category "Sea Scapes"'),
    (json.dumps(_record(3, prompt_id="t 3")), r'prompt_id "t 3" contains whitespace'),
    ('["not", "an", "object"]', r"expected a JSON object, got list"),
    (
        json.dumps(_record(1, prompt="a new prompt")),
        r'duplicate prompt_id "t-0001" \(first seen at line 1\)',
    ),
    (
        json.dumps(_record(3, prompt="  Prompt number 2, in charcoal!")),
        r'duplicate prompt "  Prompt number 2, in charcoal!" \(first seen at line 2\)',
    ),
    ('{"prompt_id": "a", "prompt_id": "b", "prompt": "x", "category": "c", "difficulty": "easy"}',
     r'duplicate key "prompt_id"'),
    ("", r"blank line"),
    ("   ", r"blank line"),
]


@pytest.mark.parametrize(("bad_line", "problem"), BAD_LINES)
def test_bad_record_reports_file_and_line(tmp_path: Path, bad_line: str, problem: str) -> None:
    path = _write(
        tmp_path / "bad.jsonl",
        [json.dumps(_record(1)), json.dumps(_record(2)), bad_line, json.dumps(_record(4))],
    )
    with pytest.raises(PromptFileError, match=_at(path, 3) + problem) as info:
        load_prompts(path)
    assert info.value.path == str(path)
    assert info.value.line == 3


def test_blank_line_before_trailing_newline(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(_record(1)) + "\n\n", encoding="utf-8")
    with pytest.raises(PromptFileError, match=_at(path, 2) + "blank line"):
        load_prompts(path)


def test_invalid_utf8_reports_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(json.dumps(_record(1)).encode() + b"\n\xff\xfe\n")
    with pytest.raises(PromptFileError, match=_at(path, 2) + "line is not valid UTF-8"):
        load_prompts(path)


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    with pytest.raises(PromptFileError, match=_at(path) + "file contains no prompts"):
        load_prompts(path)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    with pytest.raises(PromptFileError, match=_at(path) + "cannot read file"):
        load_prompts(path)


# --- cross-split overlap ---------------------------------------------------------


def test_overlap_by_normalised_prompt() -> None:
    splits = {
        "train": [Prompt("train-0001", "A Stormy  sea, at dusk", "water", "easy")],
        "test": [Prompt("test-0001", "a stormy sea at dusk", "water", "easy")],
    }
    with pytest.raises(ValueError, match=r'"train" \(train-0001\) and "test" \(test-0001\)'):
        check_no_overlap(splits)


def test_overlap_by_prompt_id() -> None:
    splits = {
        "train": [Prompt("x-0001", "a red kite", "sky", "easy")],
        "validation": [Prompt("x-0001", "a blue kite", "sky", "easy")],
    }
    expected = r'prompt_id "x-0001" appears in both splits "train" and "validation"'
    with pytest.raises(ValueError, match=expected):
        check_no_overlap(splits)


def test_overlap_is_across_splits_after_normalising_only() -> None:
    kite = Prompt("a", "one red kite", "sky", "easy")
    assert normalize_prompt("  One RED, kite!") == "one red kite"
    # prompts that differ by a word are distinct even though they share most of their words
    assert check_no_overlap({"train": [kite], "test": [Prompt("b", "two red kites", "sky", "easy")]}) is None
    # a repeat inside one split is for the loader to reject (it can name the line), not an overlap of splits
    repeated = {"train": [kite, Prompt("a", "One red kite!", "sky", "easy")],
                "test": [Prompt("b", "two red kites", "sky", "easy")]}
    assert check_no_overlap(repeated) is None
    # the same text in another split, spelt differently, is the overlap this check exists for
    expected = r'prompt "One red kite!" appears in both splits "train" \(a\) and "test" \(b\)'
    with pytest.raises(ValueError, match=expected):
        check_no_overlap({"train": [kite], "test": [Prompt("b", "One red kite!", "sky", "easy")]})
