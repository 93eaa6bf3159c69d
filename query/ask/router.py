"""How the chat reads one message: which kind of answer it gets (issue 11).

Kinds, tried in this order (the patterns are data, query/ask/patterns.json):

- ``provision``: the whole message is a provision id, bare (``27B2``, ``Law 27 B 2``) or with a
  document prefix (``ccba2018:21``);
- ``schedule``: late arrival or overtime with minutes ("a team 12 minutes late under CCBA 21"),
  the national regulations' banded schedules (CCBA 2018 articles 21 and 22, Taiwan regulations);
- ``vp``: an IMP margin and a match length ("20 IMPs over 16 boards", "20 IMP 16副 几个胜分");
  the WBF scale of the Taiwan regulations (第八二條);
- ``imps``: a point difference and the word IMP ("IMPs for 430", "430分几个IMP"), Law 78B;
- ``score``: a contract and a result ("4♠X vul 10 tricks", "4♠加倍有局做成10墩", "3NT -2"), Law 77;
- ``ruling`` or ``search``: anything else. A question about the Laws that names no one at the
  table ("can an insufficient bid be accepted?") is searched; a description of a table situation
  is ruled on. The page can send a message the other way (``route(text, force=...)``).

Every message is read through query.inputs.text first (the one input decoder): a message that is
too long or not valid text is a BadInput with one line, never a traceback.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from query import inputs
from query.errors import BadInput

PATTERNS = Path(__file__).with_name("patterns.json")
KINDS = ("provision", "schedule", "vp", "imps", "score", "ruling", "search")
FORCEABLE = ("ruling", "search")
MAX_MESSAGE = 4000          # characters: a chat message (a scenario is a paragraph, not a file)


class AskError(BadInput):
    """A message the chat cannot take, with a label key (app/labels/labels.tsv `ask.err.KEY`) so the
    page says it in the user's language; str() is the English line."""

    def __init__(self, key: str, text: str, **values):
        super().__init__(text)
        self.key, self.values = key, values


@lru_cache(maxsize=1)
def patterns() -> dict:
    return json.loads(PATTERNS.read_text(encoding="utf-8"))


def _any(pats: list[str], s: str) -> re.Match | None:
    for p in pats:
        m = re.search(p, s)
        if m:
            return m
    return None


def _number(raw: str) -> int:
    """'12' or a Chinese numeral ('二', '十一') as an int."""
    raw = raw.strip()
    if raw.isdigit():
        return int(raw)
    return int(patterns()["numerals"][raw])


def _fold(text: str) -> str:
    from query.search.tokenize import fold
    return fold(text).replace("−", "-")


# --- provision ids -----------------------------------------------------------------------------

_ID = re.compile(r"^\d{1,2}(?:[A-H](?:\d{1,2}(?:\([a-z]+\))*)?)?$")
_REG_ID = re.compile(r"^[0-9A-Za-z()\-.一-鿿]{1,30}$")


def provision(s: str) -> dict | None:
    """{'doc', 'id'} when the whole message is a provision id."""
    from query.lookup import DOCS, normalise_id
    if len(s) > 40:
        return None
    doc, pid = normalise_id(s)
    if doc is not None:
        doc = doc.strip().lower()
        if doc not in DOCS or not _REG_ID.match(pid):
            return None
        return {"doc": doc, "id": pid}
    if _ID.match(pid) or pid in ("Introduction", "Definitions"):
        return {"doc": "wbf2017", "id": pid}
    return None


# --- scores, IMPs, VPs, schedules ---------------------------------------------------------------

@lru_cache(maxsize=1)
def _contract_re() -> re.Pattern:
    p = patterns()
    strains = "|".join(sorted(map(re.escape, p["strains"]), key=len, reverse=True))
    dbl = "|".join(sorted(map(re.escape, p["doubling"]), key=len, reverse=True))
    return re.compile(rf"(?<![\d.a-z])([1-7])\s*({strains})(?![a-wyz])\s*({dbl})?(?![a-wyz])")


def contract(s: str) -> tuple[str, int, re.Match] | None:
    """('4SX', 4, match) for the first contract named in the folded message."""
    m = _contract_re().search(s)
    if not m:
        return None
    p = patterns()
    dbl = p["doubling"].get(m.group(3) or "", "")
    return f"{m.group(1)}{p['strains'][m.group(2)]}{dbl}", int(m.group(1)), m


def score(s: str) -> dict | None:
    """{'contract', 'vulnerable', 'tricks', 'assumed': [...]} for a contract and its result."""
    c = contract(s)
    if not c:
        return None
    if len(_contract_re().findall(s)) > 1:
        return None         # two bids or more: a story ("南剛叫過1♦，就聽到隔壁桌有人說「4♠做成」"), not a result to score
    name, level, m = c
    p = patterns()["score"]
    rest = s[:m.start()] + " " + s[m.end():]
    sentences = [x for x in re.split(r"(?<=[.。!！?？;；])\s*", s.strip()) if x]
    if len(sentences) > 1 and len(sentences[-1].rstrip(".。!！?？;；")) <= 24 and _any(p["asks"], sentences[-1]):
        sentences.pop()          # a closing "Score?", "请问多少分？" is no sentence of the story
    one_sentence = len(sentences) == 1
    if _any(p["trick_told"], rest) or _any(p["story"], rest) and not (one_sentence and _any(p["asks"], rest)) \
            or not one_sentence and _any(p["people"], rest):
        # a trick number or a table act ("4♠ 南主打。第5磴…", "3NT by E. At trick 4 …"): a story; but not a question
        # for the score, in one sentence, that names the play ("Score for 6NT played by North, 12 tricks", "对方首攻♠A 多少分");
        # and sentences about the players ("3NT by South. Declarer was thinking …, made 10") are a story too
        return None
    tricks = None
    if (d := _any(p["down"], rest)):
        tricks = 6 + level - _number(d.group(1))
    elif (o := _any(p["over"], rest)):
        tricks = 6 + level + _number(o.group(1))
    elif (t := _any(p["tricks"], rest)):
        tricks = _number(t.group(1))
    elif _any(p["made"], rest):
        tricks = 6 + level
    vul = True if _any(p["vul"], rest) and not _any(p["nonvul"], rest) else False if _any(p["nonvul"], rest) else None
    if tricks is None and vul is None and not _any(p["asks"], rest):
        return None         # a bid in a story ("West bid 1H"), not a contract to score
    assumed = []
    if vul is None:
        vul = False
        assumed.append("nonvul")
    if tricks is None:
        tricks = 6 + level
        assumed.append("made")
    if not name.endswith("X") and (later := re.search(r"\b(re)?doubled\b|(再)?(加倍|赌倍)", rest)):
        name += "XX" if later.group(1) or later.group(2) else "X"      # "4♠ vul doubled, made 10": told apart from the contract
    return {"contract": name, "vulnerable": vul, "tricks": tricks, "assumed": assumed}


def _ints(pattern: str, s: str) -> list[tuple[int, int]]:
    return [(m.start(), int(m.group(1))) for m in re.finditer(pattern, s)]


def vp(s: str) -> dict | None:
    """{'imps', 'boards'} for an IMP margin over a number of boards (boards None when not said)."""
    p = patterns()["vp"]
    boards = _any(p["boards"], s)
    imps = _any(p["imps"], s)
    if not (_any(p["word"], s) or boards):
        return None
    if imps is None:
        nums = [(at, n) for at, n in _ints(r"(?<![\d.])(-?\d{1,3})(?![\d.])", s)
                if not boards or at != boards.start()]
        if not nums or not (_any(p["word"], s) or _any(patterns()["imps"]["word"], s)):
            return None
        margin = nums[0][1]
    else:
        margin = int(imps.group(1))
    return {"imps": margin, "boards": int(boards.group(1)) if boards else None}


def imps(s: str) -> dict | None:
    """{'diff'} for a point difference to convert to IMPs."""
    p = patterns()["imps"]
    if not _any(p["word"], s) or contract(s):
        return None
    nums = _ints(p["number"], s)
    if not nums:
        return None
    return {"diff": nums[0][1]}


def _pick(groups: dict[str, list[str]], s: str) -> str | None:
    return next((name for name, pats in groups.items() if _any(pats, s)), None)


def schedule(s: str) -> dict | None:
    """{'schedule', 'value', 'assumed', 'alternatives'} for minutes late or over time."""
    p = patterns()["schedule"]
    topic = _pick(p["topic"], s)
    minutes = _any(p["minutes"], s)
    if not topic or not minutes:
        return None
    doc = _pick(p["doc"], s) or "ccba2018"
    event = _pick(p["event"], s)
    scoring = _pick(p["scoring"], s)
    assumed = []
    if event is None:
        event = "teams"
        assumed.append("teams")
    rows = [r for r in p["table"] if r["doc"] == doc and r["topic"] == topic]
    same_event = [r for r in rows if r["event"] == event] or rows
    chosen = next((r for r in same_event if r["scoring"] == scoring), None)
    if chosen is None:
        chosen = same_event[0]
        if len(same_event) > 1:
            assumed.append(chosen["scoring"])
    value = float(minutes.group(1))
    # a schedule with variants (Taiwan 11: VP matches / knockout) gets the variant of the scoring
    # said or assumed; the assumption is shown with the answer
    return {"schedule": chosen["schedule"], "value": value, "assumed": assumed, "variant": chosen.get("variant"),
            "alternatives": list(dict.fromkeys(r["schedule"] for r in rows
                                               if r is not chosen and r["schedule"] != chosen["schedule"]))}


# --- ruling or search ---------------------------------------------------------------------------

def route(raw, force: str | None = None) -> dict:
    """{'kind', 'lang', 'text', ...the parameters of that kind}. BadInput for an unreadable message."""
    from query.search.tokenize import detect_lang
    try:
        text = inputs.text(raw, "message", MAX_MESSAGE)
    except BadInput as e:
        if isinstance(raw, str) and len(raw) > MAX_MESSAGE:
            raise AskError("too_long", str(e), n=len(raw), limit=MAX_MESSAGE) from None
        raise AskError("not_text", str(e)) from None
    text = " ".join(text.split())
    if not text:
        raise AskError("empty", "the message is empty")
    if not any(c.isalnum() for c in text):
        raise AskError("no_words", "the message has no words to read")
    lang = detect_lang(text)
    out = {"text": text, "lang": lang}
    if force is not None:
        if force not in FORCEABLE:
            raise BadInput(f"cannot read a message as '{force}'")
        return {**out, "kind": force, "forced": True}
    if (pv := provision(text)):
        return {**out, "kind": "provision", **pv}
    s = _fold(text)
    for kind, read in (("schedule", schedule), ("vp", vp), ("imps", imps), ("score", score)):
        params = read(s)
        if params:
            return {**out, "kind": kind, **params}
    # a question about the Laws or a story told with a question at its end ("…南亮出了♠Q。請問怎麼處理？"):
    # the scenario reader tells them apart (it knows the table's words), and a question goes to search
    return {**out, "kind": "search" if _any(patterns()["definition"], s) else "ruling"}
