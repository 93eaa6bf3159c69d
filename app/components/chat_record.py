"""The director's record of a conversation (issue 11): Markdown, and PDF with a CJK font.

The PDF is set with fpdf2 in WenQuanYi Micro Hei, a TrueType collection that covers English,
Traditional and Simplified Chinese. It comes from the PyPI package paperang-p2-fonts-cjk (pinned in
requirements.txt, 2.3 MB wheel), so a fresh `./run.sh` machine has it without Debian's
fonts-wqy-microhei; the Debian file is the second choice. Without either, `pdf()` returns None and
the page offers the Markdown record with a message saying why.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path

from app.components.chat_ruling import fact_label, value_label
from app.components.labels import t

SYSTEM_FONTS = (Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),)
NO_GLYPH = str.maketrans({"⁺": "+", "⁻": "-"})      # characters the font lacks (CCBA bands: 10⁺~15 分钟)


@lru_cache(maxsize=1)
def cjk_font() -> Path | None:
    """A TrueType font with CJK glyphs: the packaged one first, then the system's."""
    try:
        import paperang_p2_fonts_cjk
        packaged = Path(paperang_p2_fonts_cjk.__file__).parent / "fonts" / "wqy-microhei.ttc"
        if packaged.exists():
            return packaged
    except ImportError:
        pass
    return next((p for p in SYSTEM_FONTS if p.exists()), None)


def _answer_lines(turn: dict, ui: str) -> list[str]:
    a = turn.get("answer")
    if turn.get("error"):
        return [t("ask.error", ui, error=turn["error"])]
    if not a:
        return []
    kind = a["kind"]
    out = [f"_{t('ask.read.' + turn.get('read', kind), ui)}_", ""]
    lang = a.get("lang") or ui
    if kind == "ruling":
        facts = (a.get("understood") or {}).get("facts") or {}
        out.append(f"**{t('ask.understood', ui)}:** " + ("; ".join(f"{fact_label(k, ui)}: {value_label(v, ui)}"
                                                                    for k, v in facts.items()) or "—"))
        out += ["", f"**{t('ask.steps', ui)}**", ""]
        for n, s in enumerate(a.get("steps") or [], 1):
            level = t(f"ask.level.{s['strength']}", lang) if s.get("strength") else ""
            out.append(f"{n}. **{s['provision']}** [{level}] {s.get('text') or ''}")
            if s.get("conclusion"):
                out.append(f"   → {s['conclusion']}")
        if a.get("rectifications"):
            out += ["", f"**{t('ask.rect', ui)}:** " + "; ".join(f"{r.get('label') or r['type']} ({r['provision']})"
                                                                   for r in a["rectifications"])]
        if a.get("judgement"):
            out += ["", f"**{t('ask.judgement', ui)}**", ""]
            out += [f"- {j['provision']}: {j.get('question') or ''}" for j in a["judgement"]]
        if a.get("missing"):
            out += ["", f"**{t('ask.missing', ui)}**", ""]
            out += [f"- {m['question']}" for m in a["missing"]]
    elif kind == "search":
        if not a.get("good", True):
            out.append(t("ask.search.none", ui))
        else:
            for n, h in enumerate((a.get("hits") or [])[:5], 1):
                out.append(f"{n}. **{h['id']}** {h.get('title') or ''}: {h.get('text') or ''}")
    elif kind == "provision":
        text = a["texts"].get(ui) or next(iter(a["texts"].values()), "")
        out.append(f"**{a['doc']}:{a['provision']}** {text}")
    elif kind == "score":
        vul = t("ask.vul" if a["vulnerable"] else "ask.nonvul", ui)
        out.append("**" + t("ask.score.head", ui, contract=a["contract"], vul=vul, tricks=a["tricks"],
                            score=f"{a['score']:+d}") + "**")
        out += [f"- {i['item']}: {i['count']} × {i['per']} = {i['points']:+d}" for i in a.get("breakdown") or []]
    elif kind == "imps":
        out.append("**" + t("ask.imps.head", ui, diff=a["diff"], imps=a["imps"]) + "**")
    elif kind == "vp":
        out.append("**" + t("ask.vp.head", ui, imps=a["imps"], boards=a["boards"], win=f"{a['vp'][0]:g}",
                            lose=f"{a['vp'][1]:g}") + "**")
    elif kind == "schedule":
        title = (a.get("titles") or {}).get(ui) or (a.get("titles") or {}).get("en") or a["schedule"]
        out.append("**" + t("ask.schedule.head", ui, value=f"{a['value']:g}", row=a["row"], title=title) + "**")
        out.append(f"- {t('ask.schedule.condition', ui)}: {a.get('condition') or ''}")
        out.append(f"- {t('ask.schedule.consequence', ui)}: {a.get('consequence') or ''}")
    if a.get("citations"):
        out += ["", t("ask.cited", ui, ids=", ".join(a["citations"]))]
    return out


def markdown(turns: list[dict], ui: str, when: dt.datetime | None = None) -> str:
    when = when or dt.datetime.now(dt.timezone.utc)
    lines = [f"# {t('ask.record.title', ui)}", "", t("ask.record.when", ui, when=when.strftime("%Y-%m-%d %H:%M")), ""]
    for turn in turns:
        if turn["role"] == "user":
            lines += [f"## {t('ask.you', ui)}", "", turn["text"], ""]
        else:
            lines += [f"### {t('ask.answer', ui)}", ""] + _answer_lines(turn, ui) + [""]
    return "\n".join(lines).rstrip() + "\n"


def pdf(md: str) -> bytes | None:
    """The Markdown record set as a PDF (headings larger, bold markers dropped), or None without a CJK font."""
    font = cjk_font()
    if font is None:
        return None
    from fpdf import FPDF
    doc = FPDF(format="A4")
    doc.set_margins(16, 16, 16)
    doc.set_auto_page_break(True, 16)
    doc.add_font("cjk", "", str(font), collection_font_number=0)
    doc.add_page()
    width = doc.w - doc.l_margin - doc.r_margin
    for line in md.translate(NO_GLYPH).splitlines():
        size, text = 10.5, line
        if line.startswith("# "):
            size, text = 16, line[2:]
        elif line.startswith("## "):
            size, text = 13, line[3:]
        elif line.startswith("### "):
            size, text = 11.5, line[4:]
        text = text.replace("**", "").strip()
        if len(text) > 1 and text[0] == text[-1] == "_":      # an italic line
            text = text[1:-1]
        doc.set_font("cjk", size=size)
        if not text:
            doc.ln(2.5)
            continue
        doc.multi_cell(width, size * 0.55, text, new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())
