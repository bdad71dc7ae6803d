"""The package is complete (issue 41): the sdist, and the wheel built from it, hold every file of the
package and everything its code loads at run time; the wheel, installed alone in a folder, serves the game.

The wheel is built pure (``MDEAL_PURE=1``) to be quick; ``.ci/run`` also builds and installs the compiled
one, and installs from a clone with no working C compiler.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src"
PROBE = Path(__file__).with_name("probe.py")
SKIPPED = ("__pycache__", ".egg-info")
BUILT = (".pyc", ".so", ".pyd", ".c")


def package_files() -> set[str]:
    """Every file of the package in the source tree, as the wheel names it (``monopoly_deal/...``)."""
    return {path.relative_to(SOURCE).as_posix() for path in (SOURCE / "monopoly_deal").rglob("*")
            if path.is_file() and not any(part in path.as_posix() for part in SKIPPED)
            and path.suffix not in BUILT}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An sdist and the wheel built from it, as ``python -m build`` makes them, from a copy of the tree
    without what earlier builds left (an old ``*.egg-info`` lists files the configuration may have lost)."""
    tree, out = tmp_path_factory.mktemp("tree") / "monopoly-deal", tmp_path_factory.mktemp("dist")
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(".git", "*.egg-info", "build", "dist", ".*cache",
                                                              ".hypothesis", ".venv", "node_modules", *SKIPPED))
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(tree)],
                   check=True, capture_output=True, env={**os.environ, "MDEAL_PURE": "1"}, timeout=600)
    return out


def the(dist: Path, pattern: str) -> Path:
    (found,) = dist.glob(pattern)
    return found


def wheel_names(dist: Path) -> set[str]:
    with zipfile.ZipFile(the(dist, "*.whl")) as wheel:
        return set(wheel.namelist())


def probe(path: Path, cwd: Path) -> dict:
    """Run ``probe.py`` with ``path`` first on the module path, from a folder that holds no package."""
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-W", "ignore", str(PROBE)], check=False, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def loaded_files(answer: dict) -> set[str]:
    return {name for name in answer["opened"] if not any(part in name for part in SKIPPED)}


def test_the_sdist_holds_the_package_and_what_builds_it(dist: Path) -> None:
    with tarfile.open(the(dist, "*.tar.gz")) as sdist:
        top = sdist.getnames()[0].split("/")[0]
        names = {name.removeprefix(top + "/") for name in sdist.getnames()}
    needed = {f"src/{name}" for name in package_files()} | {"setup.py", "pyproject.toml", "README.md", "LICENSE"}
    assert needed - names == set()


def test_the_wheel_holds_every_file_of_the_package_and_the_command(dist: Path) -> None:
    names = wheel_names(dist)
    assert package_files() - names == set()
    assert {"monopoly_deal/i18n/locales/zh-Hant.po", "monopoly_deal/server/static/index.html"} <= names
    info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
    with zipfile.ZipFile(the(dist, "*.whl")) as wheel:
        commands = wheel.read(f"{info}/entry_points.txt").decode()
        metadata = wheel.read(f"{info}/METADATA").decode()
    assert "mdeal = monopoly_deal.cli:main" in commands
    assert "Requires-Python: >=3.11" in metadata and f"Python :: 3.{sys.version_info.minor}" in metadata


def test_what_the_code_loads_at_run_time_is_in_the_wheel(dist: Path, tmp_path: Path) -> None:
    loaded = loaded_files(probe(SOURCE, tmp_path))
    assert {"monopoly_deal/i18n/locales/en.po", "monopoly_deal/server/static/app.js"} <= loaded
    assert loaded - wheel_names(dist) == set()


def test_the_wheel_installed_alone_serves_the_page_and_plays(dist: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                    "--target", str(target), str(the(dist, "*.whl"))], check=True, capture_output=True, timeout=300)
    answer = probe(target, tmp_path)
    assert Path(answer["package"]).is_relative_to(target)
    assert {url: code for url, code in answer["status"].items() if not 200 <= code < 300} == {}
    assert len(answer["status"]) > 15   # the pages, their modules and styles, the catalogues
    code, said = answer["sim"]
    assert code == 0 and "3 games" in said and "pure-Python engine" in said
