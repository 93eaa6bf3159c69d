"""The app's shared look: one stylesheet for every page (law columns, strength marks, findings).
The router (app/streamlit_app.py) injects it once per run."""
from __future__ import annotations

CSS = """
<style>
:root {
  --cjk-tc: "Noto Sans CJK TC", "Source Han Sans TC", "PingFang TC", "Microsoft JhengHei",
            "WenQuanYi Micro Hei", sans-serif;
  --cjk-sc: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei",
            "WenQuanYi Micro Hei", sans-serif;
}
.block-container { padding-top: 2.2rem; max-width: 1500px; }
.lb-subtitle { color: #5b6473; font-size: 0.95rem; margin-top: -0.6rem; margin-bottom: 0.4rem; }
.lb-head { display: flex; align-items: baseline; gap: 0.8rem; flex-wrap: wrap; margin: 0.2rem 0 0.1rem 0; }
.lb-head .lb-id { font-size: 1.9rem; font-weight: 700; color: #1f2937; }
.lb-head .lb-lawtitle { font-size: 1.15rem; color: #4b5563; }
.lb-col { border: 1px solid #e3e6ea; border-radius: 10px; padding: 0.9rem 1.05rem 0.7rem 1.05rem;
          background: #ffffff; height: 100%; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.04); }
.lb-colhead { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem;
              border-bottom: 1px solid #eef0f3; padding-bottom: 0.45rem; margin-bottom: 0.55rem; }
.lb-lang { font-weight: 700; font-size: 1.02rem; color: #111827; }
.lb-lang small { font-weight: 400; color: #6b7280; margin-left: 0.35rem; font-size: 0.78rem; }
.lb-state { font-size: 0.72rem; font-weight: 600; padding: 0.12rem 0.55rem; border-radius: 999px;
            white-space: nowrap; letter-spacing: 0.01em; }
.lb-state.st2017 { background: #e8eef8; color: #27446e; border: 1px solid #c9d6ea; }
.lb-state.st2024 { background: #f1e8fb; color: #5b2a86; border: 1px solid #dcc7f1; }
.lb-title { font-weight: 650; font-size: 1.05rem; color: #1f2937; margin-bottom: 0.35rem; }
.lb-text { font-size: 1.0rem; line-height: 1.65; color: #1f2937; overflow-wrap: anywhere; }
.lb-text:lang(zh-Hant), .lb-title:lang(zh-Hant) { font-family: var(--cjk-tc); line-height: 1.85; }
.lb-text:lang(zh-Hans), .lb-title:lang(zh-Hans) { font-family: var(--cjk-sc); line-height: 1.85; }
.lb-missing { color: #9aa1ab; font-style: italic; }
.lb-src { color: #8a929e; font-size: 0.74rem; margin-top: 0.7rem; font-family: ui-monospace, "SFMono-Regular",
          Menlo, Consolas, monospace; }
mark.sw { padding: 0.02rem 0.2rem; border-radius: 4px; font-weight: 600; white-space: nowrap; }
mark.sw-must, mark.sw-must-not { background: #fcd4d4; color: #8b1111; }
mark.sw-shall, mark.sw-shall-not { background: #ffe1bf; color: #8a3d00; }
mark.sw-should { background: #fff0b3; color: #6a5100; }
mark.sw-does { background: #e7ecf3; color: #354a63; font-weight: 500; }
mark.sw-may, mark.sw-may-not { background: #dcf2e3; color: #1d5a31; font-weight: 500; }
mark.sw-must-not, mark.sw-shall-not, mark.sw-may-not { outline: 1.5px solid currentColor; outline-offset: -1.5px; }
.lb-legend { display: flex; flex-wrap: wrap; gap: 0.35rem 0.5rem; align-items: center; font-size: 0.8rem;
             color: #6b7280; margin: 0.2rem 0 0.7rem 0; }
.lb-legend mark.sw { font-size: 0.78rem; }
.lb-note { color: #6b7280; font-size: 0.85rem; }
.lb-def { font-size: 0.93rem; line-height: 1.65; color: #1f2937; }
.lb-def:lang(zh-Hant) { font-family: var(--cjk-tc); }
.lb-def:lang(zh-Hans) { font-family: var(--cjk-sc); }
.lb-def b { display: block; color: #374151; margin-bottom: 0.15rem; font-weight: 700; }
.lb-findings { background: #fff8e6; border: 1px solid #f3dfa8; border-left: 4px solid #e0a100;
               border-radius: 8px; padding: 0.6rem 0.9rem; font-size: 0.92rem; color: #3d3420; }
.lb-finding { margin: 0.2rem 0 0.5rem 0; line-height: 1.6; }
.lb-sev { font-size: 0.72rem; font-weight: 700; padding: 0.05rem 0.45rem; border-radius: 999px; }
.lb-sev-rule { background: #fcd4d4; color: #8b1111; } .lb-sev-wording { background: #eef0f3; color: #4b5563; }
.lb-pair { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6rem; font-size: 0.88rem; color: #4b5563; margin-top: 0.2rem; }
.lb-pair span { border-left: 3px solid #f3dfa8; padding-left: 0.45rem; }
.lb-leadin { font-size: 0.95rem; line-height: 1.6; color: #4b5563; background: #f5f7fa; border-left: 3px solid #9aa8bb;
             padding: 0.3rem 0.6rem; margin-bottom: 0.45rem; border-radius: 4px; }
.lb-leadin:lang(zh-Hant) { font-family: var(--cjk-tc); } .lb-leadin:lang(zh-Hans) { font-family: var(--cjk-sc); }
.lb-part { margin-bottom: 0.45rem; }
.lb-partid { font-size: 0.78rem; font-weight: 700; color: #1f4e8c; font-family: ui-monospace, Menlo, Consolas, monospace;
             text-decoration: none; margin-right: 0.25rem; }
.lb-docbadge { font-size: 0.78rem; padding: 0.12rem 0.6rem; border-radius: 999px; background: #eef6ee; color: #25552b;
               border: 1px solid #cfe5d0; }
.lb-maplegend { display: flex; flex-wrap: wrap; gap: 0.3rem; margin-bottom: 0.4rem; }
.lb-chip { font-size: 0.75rem; border: 1.5px solid; border-radius: 999px; padding: 0.05rem 0.5rem; }
.lb-chip-bad { border-style: dashed; color: #b91c1c; border-color: #b91c1c; }
[class*="st-key-crumb-"] button p { color: #1f4e8c; text-decoration: underline; text-underline-offset: 3px; }
/* tables of data (tables.py, the findings, index and map pages) */
.tb-wrap { overflow-x: auto; margin: 0.3rem 0 0.8rem 0; }
table.tb { border-collapse: collapse; font-size: 0.92rem; min-width: 60%; }
table.tb th, table.tb td { border: 1px solid #e3e6ea; padding: 0.28rem 0.6rem; text-align: left; vertical-align: top; }
table.tb th { background: #f4f6f9; color: #374151; font-weight: 650; }
table.tb td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.tb td.src { color: #8a929e; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.78rem; }
@media (max-width: 640px) {      /* a phone: the law text on the first screen */
  .block-container { padding-top: 3.2rem; padding-left: 0.7rem; padding-right: 0.7rem; }
  h1 { font-size: 1.35rem !important; padding: 0.2rem 0 !important; }
  .lb-subtitle, .lb-legend { display: none; }
  .lb-head .lb-id { font-size: 1.35rem; } .lb-head .lb-lawtitle { font-size: 0.95rem; }
  .lb-col { padding: 0.6rem 0.7rem; }
  [data-testid="stHorizontalBlock"] { gap: 0.4rem !important; }
}
</style>
"""
