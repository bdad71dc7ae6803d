"""Build hook: compile the rules engine with mypyc when possible.

The engine, the searching bots and the learning environments' observation
encoder are plain, typed Python; mypyc turns ``engine/game.py`` into a C
extension that plays the same games about 3.5 times faster, the heuristic and
ISMCTS bots (and the value their playouts end in) into ones that search about
1.5 times faster, and ``rl/encoding.py`` into one that makes observations
faster (numpy need not be there when it is built: mypy reads it as untyped). Set
``MDEAL_PURE=1`` to skip it (an editable install for work on the engine
should: a compiled module would shadow the edited source).
"""

import os

from setuptools import setup

COMPILED = ["src/monopoly_deal/engine/game.py", "src/monopoly_deal/bots/heuristic.py",
            "src/monopoly_deal/bots/ismcts.py", "src/monopoly_deal/bots/value.py",
            "src/monopoly_deal/rl/encoding.py", "src/monopoly_deal/rl/core.py"]
ext_modules = []
if os.environ.get("MDEAL_PURE") != "1":
    try:
        from mypyc.build import mypycify

        ext_modules = mypycify(COMPILED, opt_level="3")
    except Exception as error:  # no mypyc or no C compiler: the pure-Python engine is the same game
        print(f"monopoly-deal: building the pure-Python engine ({error})")

setup(ext_modules=ext_modules)
