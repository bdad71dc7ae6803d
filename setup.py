"""Build hook: compile the rules engine with mypyc where a C compiler works, else install it as pure Python.

The engine, the searching bots and the learning environments' observation
encoder are plain, typed Python; mypyc turns the engine's ``Game`` (``engine/game.py`` and the modules
of its parts: tables, pending, state, attacks, legal, handlers, views, and versions: older
records' games) into a C
extension that plays the same games about 3.5 times faster, the heuristic and
ISMCTS bots (and the value their playouts end in) into ones that search about
1.5 times faster, and ``rl/encoding.py`` into one that makes observations
faster (numpy need not be there when it is built: mypy reads it as untyped).

A machine without mypyc or a working C compiler (a slim container, macOS
without the command-line tools, Windows without Visual C++) still installs:
the build says in one line what it skipped and installs the pure-Python
modules, the same game (``mdeal --version`` tells which engine is installed).

- ``MDEAL_PURE=1`` skips compiling (an editable install for work on the engine
  should: a compiled module would shadow the edited source).
- ``MDEAL_COMPILE=1`` makes a failed compile an error (CI and packagers).
"""

import os
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ["src/monopoly_deal/engine/tables.py", "src/monopoly_deal/engine/pending.py",
            "src/monopoly_deal/engine/state.py",
            "src/monopoly_deal/engine/attacks.py", "src/monopoly_deal/engine/legal.py",
            "src/monopoly_deal/engine/handlers.py", "src/monopoly_deal/engine/views.py",
            "src/monopoly_deal/engine/game.py", "src/monopoly_deal/engine/versions.py",
            "src/monopoly_deal/bots/heuristic.py",
            "src/monopoly_deal/bots/ismcts.py", "src/monopoly_deal/bots/value.py",
            "src/monopoly_deal/rl/encoding.py", "src/monopoly_deal/rl/core.py"]
PURE = os.environ.get("MDEAL_PURE") == "1"
MUST_COMPILE = os.environ.get("MDEAL_COMPILE") == "1"
BUILDING = {"build", "build_ext", "bdist_wheel", "bdist", "install", "develop", "editable_wheel"}


def say_pure(what: str) -> None:
    """The one line a fallback prints: what was skipped, what it costs, how to get the compiled engine."""
    reason = " ".join(what.split())[:300]
    print(f"monopoly-deal: {reason}; installing the pure-Python engine (the same game, about 3.5x slower). "
          "For the compiled one, install a C compiler and reinstall; MDEAL_COMPILE=1 makes this an error.",
          file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """build_ext that falls back to the pure-Python modules when compiling or linking fails."""

    def run(self) -> None:
        try:
            super().run()
        except (Exception, SystemExit) as error:
            if MUST_COMPILE:
                raise
            self._remove_partial_outputs()
            say_pure(f"compiling the engine failed ({type(error).__name__}: {error})")

    def _remove_partial_outputs(self) -> None:
        # A half-built set (the shims without their shared library) would fail on import: leave none.
        for output in self.get_outputs():
            Path(output).unlink(missing_ok=True)
        self.extensions = []


def compiler_problem() -> str | None:
    """Why this machine cannot build a Python extension, or None: a probe of a second, before mypyc's
    minutes of translation (the C compiler and the linker, with Python's headers)."""
    try:
        from distutils.ccompiler import new_compiler  # setuptools' copy, also on Python 3.12+
        from distutils.sysconfig import customize_compiler

        compiler = new_compiler()
        customize_compiler(compiler)
    except Exception as error:  # noqa: BLE001 - no compiler for this platform at all: say why, go on pure
        return f"no C compiler ({error})"
    program = (getattr(compiler, "compiler_so", None) or ["the C compiler"])[0]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "mdeal_probe.c")
        source.write_text("#include <Python.h>\nint mdeal_probe(void) { return (int)Py_IsInitialized(); }\n")
        try:
            objects = compiler.compile([str(source)], output_dir=folder,
                                       include_dirs=[sysconfig.get_paths()["include"]])
            compiler.link_shared_object(objects, str(Path(folder, "mdeal_probe.so")))
        except Exception:  # noqa: BLE001 - CompileError, LinkError, a missing program: the same fallback
            return f"no working C compiler ({program} failed)"
    return None


def mypyc_extensions() -> list:
    # Only a command that builds compiles: the metadata and sdist steps of a build need no extension
    # (and would each spend mypyc's minutes and say the fallback again).
    if PURE or not BUILDING & set(sys.argv[1:]):
        return []
    problem = compiler_problem()
    if problem and not MUST_COMPILE:
        say_pure(problem)
        return []
    try:
        from mypyc.build import mypycify

        return mypycify(COMPILED, opt_level="3")
    except (Exception, SystemExit) as error:
        if MUST_COMPILE:
            raise
        say_pure(f"mypyc could not translate the engine ({type(error).__name__}: {error})")
        return []


setup(ext_modules=mypyc_extensions(), cmdclass={"build_ext": OptionalBuildExt})
