"""The page's JavaScript is type-checked (issue 34): every file under server/static says ``// @ts-check``, and
TypeScript's checker (``tsc --checkJs``, from npm, no build step for the page) finds no error in it with the
DOM's types. A cast in a JSDoc comment, ``/** @type {HTMLInputElement} */ (node)``, says what a look-up finds."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .helpers import npm_file

STATIC = Path(__file__).parents[2] / "src" / "monopoly_deal" / "server" / "static"


def tsc() -> Path:
    """TypeScript's checker, installed into the tests' cache folder on first use; the test skips without npm."""
    return npm_file("typescript@5", ".bin/tsc", "check the page's types")


def test_every_script_of_the_page_asks_to_be_checked() -> None:
    scripts = sorted(STATIC.glob("*.js"))
    assert scripts and [p.name for p in scripts if not p.read_text(encoding="utf-8").startswith("// @ts-check\n")] == []


def test_the_pages_scripts_have_no_type_error() -> None:
    scripts = sorted(str(p) for p in STATIC.glob("*.js"))
    checked = subprocess.run([str(tsc()), "--noEmit", "--allowJs", "--checkJs", "--strict", "false", "--target",
                              "es2022", "--module", "es2022", "--moduleResolution", "bundler", "--lib",
                              "es2022,dom,dom.iterable", *scripts], check=False, capture_output=True, text=True,
                             timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
