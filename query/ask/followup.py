"""A typed message that answers the ruling's question (issue 10, the chat).

A ruling that needs a fact asks for it, with quick replies. A director at the table often types the
answer instead: "no", "不接受", "South didn't accept it", "他是無意的". Such a message is not a new
story (on its own it names no irregularity), so the chat reads it as the next turn of the ruling:

1. a direct answer to the first question: one of its options, by value or by label, or yes / no in
   any of the three languages;
2. otherwise, more of the story: the earlier story with the message appended is read again, and the
   message answered the question when the same irregularity is ruled and that fact is no longer
   asked (the reader shows the words each fact came from, so the director sees what was taken).

Anything else is a new message (None), routed as usual.
"""
from __future__ import annotations

import re

from query.errors import BadInput

# yes and no, as a director types them in the three languages
_YES = {"yes", "y", "yeah", "yep", "correct", "right", "true", "是", "是的", "对", "對", "有", "好", "同意", "接受"}
_NO = {"no", "n", "nope", "false", "not", "否", "不", "不是", "没有", "沒有", "没", "沒", "不同意", "不接受"}
_TRIM = re.compile(r"^[\s,.!?;:，。！？；：、]+|[\s,.!?;:，。！？；：、]+$")
# a message longer than this is a story of its own, not a reply
MAX_REPLY = 160


def _word(message: str) -> str:
    return _TRIM.sub("", message).lower()


def direct_answer(message: str, question: dict) -> object | None:
    """The value of `question` ({fact, options: [{value, label}]}) that the message gives, or None."""
    said = _word(message)
    for option in question.get("options") or []:
        if said in (str(option["value"]).lower(), str(option.get("label", "")).lower()):
            return option["value"]
    values = [o["value"] for o in question.get("options") or []]
    if True in values and said in _YES:
        return True
    if False in values and said in _NO:
        return False
    return None


def follow_up(g, story: str, before: dict, message: str, lang: str) -> tuple[str, dict] | None:
    """(the story it continues, the ruling) when `message` answers the first question of `before` (the
    chat's ruling of `story`, as query.ask.answers.ruling returns it); None when it is a new message."""
    from query.ask.answers import ruling
    missing = before.get("missing") or []
    if before.get("kind") != "ruling" or not missing or len(message) > MAX_REPLY or before.get("edited"):
        return None
    asked = missing[0]
    answers = dict(before.get("answers") or {})
    value = direct_answer(message, asked)
    try:
        if value is not None:
            return story, ruling(g, story, lang, answers={**answers, asked["fact"]: value})
        longer = story.rstrip() + ("" if re.search(r"[。.!?！？]$", story.rstrip()) else "。" if lang.startswith("zh") else ".") \
            + ("" if lang.startswith("zh") else " ") + message.strip()
        again = ruling(g, longer, lang, answers=answers)
    except BadInput:
        return None
    was = (before.get("understood") or {}).get("facts", {}).get("irregularity")
    now = (again.get("understood") or {}).get("facts", {}).get("irregularity")
    if now == was and asked["fact"] not in {m["fact"] for m in again.get("missing") or []}:
        return longer, again
    return None
