"""Getting the sketch out of a model's completion.

Models wrap code in Markdown fences, think aloud in <think> tags, and add prose
before and after. The renderer extracts fenced code too, but the policy needs
the code itself (to store it, and to show it), so the rules live here:
1. drop <think>...</think> blocks (and an unclosed <think> to the end);
2. text that starts as code (its first non-blank line looks like JavaScript) is code, all of it: a "```" inside
   it (a comment, a string) is not a Markdown fence;
3. otherwise, if there are fenced blocks (a fence is a line of its own, as in Markdown), take the longest
   javascript/js/p5/untagged one (an unclosed fence runs to the end: the completion was truncated);
4. otherwise keep the text from the first line that looks like JavaScript.
The renderer applies the same rules (renderer/src/prepare.js), so both read the same code.
"""

from __future__ import annotations

import re

_THINK = re.compile(r"<think>.*?(</think>|\Z)", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"^[ \t]*```[ \t]*([A-Za-z0-9_+-]*)[^\n`]*\n(.*?)(?:^[ \t]*```+[ \t]*$|\Z)",
                    re.DOTALL | re.MULTILINE)
_CODE_LANGS = {"", "js", "javascript", "p5", "p5js", "jsx", "ecmascript"}
_CODE_START = re.compile(
    r"^\s*(function\b|async\s+function\b|let\b|const\b|var\b|class\b|//|/\*|new\s+p5\b|brush\.|setup\s*=)"
)


def extract_code(completion: str) -> str:
    text = _THINK.sub("", completion)
    first = next((line for line in text.splitlines() if line.strip()), "")
    if _CODE_START.match(first):
        return text.strip("\n")
    blocks = [(lang.lower(), body) for lang, body in _FENCE.findall(text)]
    code_blocks = [body for lang, body in blocks if lang in _CODE_LANGS]
    if code_blocks:
        return max(code_blocks, key=len).strip("\n")
    if blocks:  # fenced, but tagged with another language: still the best guess
        return max((b for _, b in blocks), key=len).strip("\n")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if _CODE_START.match(line):
            return "\n".join(lines[i:]).strip("\n")
    return text.strip()
