"""The one input decoder (DESIGN.md section 7): every input, from any command, the chat or the
SPARQL endpoint, goes through here before anything reads it.

- Text is UTF-8. A byte-order mark is dropped. Undecodable bytes (which Python hands over as
  lone surrogates, U+DC80-U+DCFF, in sys.argv) and any other lone surrogate are refused.
- Batch files are split on "\\n" only, so U+2028, U+0085 or a lone carriage return inside a
  line never splits it; a "\\r" before the "\\n" is dropped.
- Stated limits: MAX_TEXT characters for one argument, message or line; MAX_FILE bytes for a
  file; JSON nested at most MAX_DEPTH deep, integers at most MAX_INT_DIGITS digits. Numbers given
  as arguments are checked for type, finiteness and range (`whole`, `real`).
- Output: `dumps` is strict JSON on one line by any reader's definition (NaN refused; U+2028,
  U+2029 and U+0085 escaped); `one_line` makes an error message one printable line.

Every refusal is a BadInput with one line that names what was wrong, never the offending bytes
(user text shown in a message goes through `quote`). docs/maintainer.md "Input limits" lists them.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import unicodedata
from pathlib import Path

from query.errors import BadInput

MAX_TEXT = 20_000           # characters: an argument, a chat message, one batch line
MAX_FILE = 20_000_000       # bytes: a facts file or a batch file
MAX_DEPTH = 32              # JSON nesting
MAX_INT_DIGITS = 18         # JSON integers and whole-number arguments (a fact never needs more)
MAX_MESSAGE = 300           # characters of an error message
MAX_QUOTE = 60              # characters of user text quoted in an error message

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


def arguments(argv: list[str]) -> list[str]:
    """Command-line arguments: sys.argv hands undecodable bytes over as lone surrogates; refuse them
    (naming the argument by position, never echoing it) and any argument over the limit."""
    return [text(a, f"argument {n}", MAX_TEXT) for n, a in enumerate(argv, 1)]


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """User text for an error message: quoted, shortened, non-printable characters escaped."""
    try:
        s = str(value)
    except ValueError:                  # an int of more than 4,300 digits has no str()
        return f"a number of {len(format(value, 'x')) * 1.2:.0f} or so digits"
    s = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in s[:limit]) + ("…" if len(s) > limit else "")
    return f"'{s}'"


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """An error message as one printable line (any line break, control or lone surrogate made harmless)."""
    s = " ".join(str(message).split())
    s = "".join(c if c.isprintable() and unicodedata.category(c) != "Cs" else ascii(c)[1:-1] for c in s)
    return (s[:limit] + "…") if len(s) > limit else s


_WHOLE = re.compile(r"[+-]?[0-9]+")
_REAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def whole(lo: int | None = None, hi: int | None = None, what: str = "a whole number"):
    """An argparse `type=`: a whole number in ASCII digits (no 1.5, 1e3, 4_30, nan), lo <= n <= hi."""
    def parse(raw: str) -> int:
        s = raw.strip()
        if not _WHOLE.fullmatch(s) or len(s.lstrip("+-")) > MAX_INT_DIGITS:
            raise argparse.ArgumentTypeError(f"{quote(raw)} is not {what}")
        return _in_range(int(s), lo, hi)
    return parse


def real(lo: float | None = None, hi: float | None = None, what: str = "a number"):
    """An argparse `type=`: a finite decimal number (no nan, inf, 1e400, 0x10), lo <= x <= hi."""
    def parse(raw: str) -> float:
        s = raw.strip()
        value = float(s) if _REAL.fullmatch(s) and len(s) <= 40 else math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{quote(raw)} is not {what}")
        return _in_range(value, lo, hi)
    return parse


def _in_range(value, lo, hi):
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise argparse.ArgumentTypeError(f"{value:g} is outside {lo:g} to {hi:g}" if lo is not None and hi is not None
                                         else f"{value:g} must be {'at least ' + format(lo, 'g') if lo is not None else 'at most ' + format(hi, 'g')}")
    return value


def decode(data: bytes, what: str = "input") -> str:
    """Bytes as UTF-8 text (a BOM dropped), or a one-line BadInput."""
    if len(data) > MAX_FILE:
        raise BadInput(f"{what} is too large ({len(data)} bytes; the limit is {MAX_FILE})")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BadInput(f"{what} is not UTF-8 (byte {e.start})") from None


def existing_file(raw: str | Path, what: str = "file") -> Path:
    """A path the user named, as an existing regular file, or a one-line BadInput (a name too long for
    the system, a NUL, a folder or a missing file are all refused the same way, never an OSError)."""
    path = Path(text(str(raw), f"{what} name", 4096))
    try:
        ok = bool(str(raw).strip()) and "\x00" not in str(raw) and path.is_file()
    except (OSError, ValueError):
        ok = False
    if not ok:
        raise BadInput(f"{what} not found (or not a file): {quote(raw)}")
    return path


def output_name(raw: str, what: str = "--out") -> str:
    """A file or folder name to write to: text, not empty, no NUL (os would raise ValueError), within
    the limit; whether it can be written is the writer's one-line error."""
    name = text(str(raw), what, 4096)
    if not name.strip() or "\x00" in name:
        raise BadInput(f"{what} is not a file name: {quote(raw)}")
    return name


def read_file(path: str | Path, what: str = "file") -> str:
    """A file's text through `decode`; a missing or unreadable file is a BadInput."""
    path = Path(text(str(path), f"{what} name", 4096))
    try:
        if path.stat().st_size > MAX_FILE:
            raise BadInput(f"{what} {quote(path.name)} is too large (the limit is {MAX_FILE} bytes)")
        data = path.read_bytes()
    except (OSError, ValueError) as e:          # ValueError: a NUL in the name
        reason = getattr(e, "strerror", None) or "not a file name"
        raise BadInput(f"cannot read {what} {quote(path)}: {reason}") from None
    return decode(data, f"{what} {quote(path.name)}")


def batch_lines(content: str) -> list[str]:
    """The lines of a batch file: split on "\\n" only (a trailing "\\r" dropped), the empty last line
    after a final newline not counted. Line N of the output answers line N of this list."""
    # no BOM handling here: `decode` drops the file's one BOM; a U+FEFF after it belongs to line 1
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
        value = json.loads(content, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise BadInput(f"{what} is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    _no_surrogates(value, what)
    return value


def _no_surrogates(value, what: str) -> None:
    """A "\\ud800" escape in JSON decodes to a lone surrogate: refused like undecodable bytes."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise BadInput(f"{what} holds a lone surrogate escape (\\ud800-\\udfff): not valid UTF-8 text")
    elif isinstance(value, list):
        for v in value:
            _no_surrogates(v, what)
    elif isinstance(value, dict):
        for k, v in value.items():
            _no_surrogates(k, what)
            _no_surrogates(v, what)


def json_value(value, what: str = "value", depth: int = 0):
    """A value handed over in-process rather than as JSON text (the chat's quick replies and edited
    facts), held to `load_json`'s limits: JSON types only, integers of at most MAX_INT_DIGITS digits,
    finite numbers, text without lone surrogates and within MAX_TEXT, nested at most MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise BadInput(f"{what} is nested more than {MAX_DEPTH} deep")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) >= 10 ** MAX_INT_DIGITS:
            raise BadInput(f"{what} holds a number of more than {MAX_INT_DIGITS} digits")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise BadInput(f"{what} holds a number that is not finite")
        return value
    if isinstance(value, str):
        if _SURROGATE.search(value) or len(value) > MAX_TEXT:
            raise BadInput(f"{what} holds text that is not valid UTF-8 or is over {MAX_TEXT} characters")
        return value
    if isinstance(value, (list, tuple)):
        return [json_value(v, what, depth + 1) for v in value]
    if isinstance(value, dict):
        return {json_value(k, what, depth + 1) if isinstance(k, str) else _not_json(what): json_value(v, what, depth + 1)
                for k, v in value.items()}
    return _not_json(what)


def _not_json(what: str):
    raise BadInput(f"{what} is not a JSON value")


_SEPARATORS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"}


def dumps(obj) -> str:
    """Output JSON: strict (NaN and Infinity refused: ValueError), UTF-8, one line. The characters some
    readers take for line breaks (U+2028, U+2029, U+0085) are escaped, so a batch's output line N stays
    line N for any reader (they can only occur inside JSON strings, where the escape means the same)."""
    out = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    return out.translate(str.maketrans(_SEPARATORS)) if any(c in out for c in _SEPARATORS) else out
