"""The one input decoder (DESIGN.md section 7): every input, from any command, the chat or the
SPARQL endpoint, goes through here before anything reads it.

- Text is UTF-8. A byte-order mark is dropped. Undecodable bytes (which Python hands over as
  lone surrogates, U+DC80-U+DCFF, in sys.argv) and any other lone surrogate are refused.
- Batch files are split on "\\n" only, so U+2028, U+0085 or a lone carriage return inside a
  line never splits it; a "\\r" before the "\\n" is dropped.
- Stated limits: MAX_TEXT characters for one argument, message or line; MAX_FILE bytes for a
  file; JSON nested at most MAX_DEPTH deep, integers at most MAX_INT_DIGITS digits.

Every refusal is a BadInput with one line that names what was wrong, never the offending bytes.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

from query.errors import BadInput

MAX_TEXT = 20_000           # characters: an argument, a chat message, one batch line
MAX_FILE = 20_000_000       # bytes: a facts file or a batch file
MAX_DEPTH = 32              # JSON nesting
MAX_INT_DIGITS = 18         # JSON integers (a fact never needs more)

_SURROGATE = re.compile("[\ud800-\udfff]")


def text(value: str, what: str = "input", limit: int = MAX_TEXT) -> str:
    """A text argument or message, checked: no lone surrogates (undecodable bytes), within the limit."""
    if not isinstance(value, str):
        raise BadInput(f"{what} must be text")
    if _SURROGATE.search(value):
        raise BadInput(f"{what} is not valid UTF-8 text")
    if value.startswith("\ufeff"):
        value = value[1:]
    if len(value) > limit:
        raise BadInput(f"{what} is too long ({len(value)} characters; the limit is {limit})")
    return value


def decode(data: bytes, what: str = "input") -> str:
    """Bytes as UTF-8 text (a BOM dropped), or a one-line BadInput."""
    if len(data) > MAX_FILE:
        raise BadInput(f"{what} is too large ({len(data)} bytes; the limit is {MAX_FILE})")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BadInput(f"{what} is not valid UTF-8 (byte {e.start})") from None


def read_file(path: str | Path, what: str = "file") -> str:
    """A file's text through `decode`; a missing or unreadable file is a BadInput."""
    path = Path(text(str(path), f"{what} name", 4096))
    try:
        if path.stat().st_size > MAX_FILE:
            raise BadInput(f"{what} {path.name} is too large (the limit is {MAX_FILE} bytes)")
        data = path.read_bytes()
    except OSError as e:
        raise BadInput(f"cannot read {what} {path}: {e.strerror or e.__class__.__name__}") from None
    return decode(data, f"{what} {path.name}")


def batch_lines(content: str) -> list[str]:
    """The lines of a batch file: split on "\\n" only (a trailing "\\r" dropped), the empty last line
    after a final newline not counted. Line N of the output answers line N of this list."""
    if content.startswith("\ufeff"):
        content = content[1:]
    lines = content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise BadInput(f"a number in the JSON has more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise BadInput("a number in the JSON is not finite")
    return value


def _constant(name: str):
    raise BadInput(f"{name} is not JSON")


def _depth(content: str) -> int:
    """The deepest nesting of brackets outside strings (checked before parsing: no RecursionError)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in content:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_json(content: str, what: str = "JSON"):
    """Strict JSON within the limits (depth, integer size, no NaN or Infinity), or a one-line BadInput."""
    content = text(content, what, MAX_FILE)
    if _depth(content) > MAX_DEPTH:
        raise BadInput(f"{what} is nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(content, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise BadInput(f"{what} is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None


def dumps(obj) -> str:
    """Output JSON: strict (NaN and Infinity refused), UTF-8, one line."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False)
