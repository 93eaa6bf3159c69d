"""The repository as a maintainer meets it (issue 9): the README is a user's page whose links resolve,
and the layout shows the architecture (no folder of code holds more than 12 modules)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CODE = ("query", "ingest", "app", "benchmarks", "tests")


def test_readme_is_short_and_opens_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 180, f"README has {len(lines)} lines"
    head = "\n".join(lines[:40])
    assert "./run.sh" in head and "./test.sh" in head


def test_every_readme_and_docs_link_resolves():
    broken = []
    for md in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        text = md.read_text(encoding="utf-8")
        anchors = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-")
                   for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^[a-z]+:", target):
                continue                        # outside links are not checked here
            path, _, anchor = target.partition("#")
            if not path:
                if anchor not in anchors:
                    broken.append(f"{md.name}: #{anchor}")
            elif not (md.parent / path).exists():
                broken.append(f"{md.name}: {target}")
    assert not broken, broken


def test_no_folder_of_code_holds_more_than_12_modules():
    for top in CODE:
        for folder in [ROOT / top, *(p for p in (ROOT / top).rglob("*") if p.is_dir())]:
            modules = [p for p in folder.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
            assert len(modules) <= 12, f"{folder.relative_to(ROOT)} holds {len(modules)} modules"


def test_glossary_and_tokenize_do_not_import_each_other():
    def imports(path: Path) -> set[str]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    search = ROOT / "query" / "search"
    assert "query.search.glossary" not in imports(search / "tokenize.py")
    assert "query.search.tokenize" in imports(search / "glossary.py")     # the one direction that is wanted
