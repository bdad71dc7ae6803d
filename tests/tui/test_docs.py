"""docs/terminal.md: its commands parse, its example runs, its screenshots exist."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

from monopoly_deal.cli import build_parser

DOC = Path(__file__).resolve().parents[2] / "docs" / "terminal.md"


def test_every_command_in_the_guide_parses() -> None:
    text = DOC.read_text(encoding="utf-8")
    commands = re.findall(r"^(mdeal (?:play|replay)[^#\n]*)", text, flags=re.MULTILINE)
    assert len(commands) >= 8
    for command in commands:
        build_parser().parse_args(shlex.split(command)[1:])  # exits on a bad option


def test_the_screenshots_are_there() -> None:
    images = re.findall(r"\]\((img/[^)]+\.svg)\)", DOC.read_text(encoding="utf-8"))
    assert images == ["img/terminal-en.svg", "img/terminal-en-pay.svg", "img/terminal-en-over.svg",
                      "img/terminal-zh-Hant.svg", "img/terminal-zh-Hans.svg"]
    for image in images:
        assert (DOC.parent / image).read_text(encoding="utf-8").startswith("<svg")
    assert "SIZE = (80, 24)" in (DOC.parent / "terminal_screenshots.py").read_text(encoding="utf-8")
    assert "盜取" in (DOC.parent / images[3]).read_text(encoding="utf-8")
    assert "盗取" in (DOC.parent / images[4]).read_text(encoding="utf-8")


def test_the_example_runs() -> None:
    test = doctest.DocTestParser().get_doctest(DOC.read_text(encoding="utf-8"), {}, "terminal.md", str(DOC), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, 2)
