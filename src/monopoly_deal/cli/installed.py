"""Which engine is installed, in the words that ``mdeal`` says it in."""

from __future__ import annotations

from ..engine import COMPILED

#: Which engine is installed, in one line (``mdeal --version``, ``mdeal serve``, ``mdeal sim``).
ENGINE = "compiled engine (mypyc)" if COMPILED else "pure-Python engine, about 3.5x slower"
#: What a pure-Python install is told when the server starts.
PURE_ENGINE_NOTE = (f"monopoly-deal: the {ENGINE} (the same game; installed without a working C compiler, "
                    "or with MDEAL_PURE=1): reinstall with one for the compiled engine")
