"""Hand repairs of a noisy source, kept as data (`ingest/fixes/<source>.tsv`) and applied
before parsing. Each applied fix is returned as a Repair; a fix that no longer matches its
line raises, so the table cannot go stale silently."""
from __future__ import annotations

from pathlib import Path

from ingest.model import Repair

FIXES = Path(__file__).resolve().parent / "fixes"


class StaleFix(ValueError):
    pass


def _unescape(s: str) -> str:
    return s.replace("\\t", "\t").replace("\\n", "\n")


def apply_fixes(path: str, lines: list[str], part: str = "") -> tuple[list[str], list[Repair]]:
    """Return the lines with the table's fixes applied (a line may become several lines
    joined by '\\n', or empty) and the repairs made. Line numbers stay those of the source.
    `part` names a separate table for one part of a source read by its own parser
    (`fixes/<source>.<part>.tsv`, e.g. the Index of seed 000), so that parser's repairs are
    recorded once, in its own document."""
    table = FIXES / (Path(path).stem + (f".{part}" if part else "") + ".tsv")
    if not table.exists():
        return lines, []
    out = list(lines)
    repairs: list[Repair] = []
    for row in table.read_text(encoding="utf-8").splitlines():
        if not row.strip() or row.startswith("#"):
            continue
        line_s, kind, before, after, note = row.split("\t")
        n = int(line_s)
        before, after = _unescape(before), _unescape(after)
        current = out[n - 1]
        if before == "*":
            repairs.append(Repair(path, n, kind, current, "", note))
            out[n - 1] = ""
            continue
        if before not in current:
            raise StaleFix(f"{table.name}: line {n}: {before!r} not found")
        out[n - 1] = current.replace(before, after, 1)
        repairs.append(Repair(path, n, kind, before, after, note))
    return out, repairs
