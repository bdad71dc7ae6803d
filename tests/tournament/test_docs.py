"""docs/tournament.md's examples run, and the README's Tournaments section shows the command."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_tournament_page_examples_run() -> None:
    text = (ROOT / "docs" / "tournament.md").read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/tournament.md", "docs/tournament.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10 and result.failed == 0


def test_the_readme_has_a_tournaments_section_with_the_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Tournaments", 1)[1].split("\n## ", 1)[0]
    assert "mdeal tournament --team A=" in section and "--ray" in section and "docs/tournament.md" in section
