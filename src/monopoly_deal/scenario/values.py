"""Reading a scenario file's values: its YAML, and each value checked, an error naming its field."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import yaml

from ..engine.cards import TYPE_BY_KEY


class ScenarioError(ValueError):
    """A scenario file that cannot be used: ``str()`` is ``FILE: FIELD: message``."""

    def __init__(self, path: str, where: str, message: str) -> None:
        self.path, self.where, self.message = path, where, message
        super().__init__(f"{path}: {self.reason}")

    @property
    def reason(self) -> str:
        """The error without the file name: ``FIELD: message``."""
        return f"{self.where}: {self.message}" if self.where else self.message


class _Bad(Exception):
    """Raised while reading a file: ``where`` names the field; :func:`~.files.loads` adds the file name."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where, self.message = where, message


# --- YAML: 1.2 booleans, and no silent duplicate keys ------------------------

class _Loader(yaml.SafeLoader):
    """A safe loader where only ``true``/``false`` are booleans (YAML 1.1 also
    reads ``no``, ``yes``, ``on``, ``off`` as booleans, and ``no`` is the Just Say
    No answer) and a key given twice in one mapping is an error."""

    yaml_implicit_resolvers: ClassVar[dict[Any, list[tuple[str, re.Pattern[str]]]]] = {
        first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:  # an unhashable key: the base class reports it
                continue
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark, f"the key {key!r} is given twice", key_node.start_mark)
        return super().construct_mapping(node, deep)


_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def _parse_yaml(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # _Loader is a SafeLoader: plain data only
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise _Bad(where, f"not valid YAML: {error.problem or error.context}") from None
    except yaml.YAMLError as error:
        raise _Bad("", f"not valid YAML: {error}") from None


# --- reading values, each error naming its field ------------------------------

def _type_order(key: str) -> int:
    return TYPE_BY_KEY[key].index


def _show(value: Any) -> str:
    """A value as a file would write it: ``[1M, red/yellow]``."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def _suggest(word: str, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _mapping(value: Any, where: str) -> dict[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _Bad(where, f"expected a mapping (key: value), got {_kind(value)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad(where, f"expected a list like [a, b], got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {value!r}" if not isinstance(value, (dict, list)) else type(value).__name__


def _int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Bad(where, f"expected a whole number, got {_kind(value)}")
    if value < low or (high is not None and value > high):
        raise _Bad(where, f"must be {low} or more, not {value}" if high is None else f"must be {low} to {high}, not {value}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _Bad(where, f"expected true or false, got {_kind(value)}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(where, f"expected text, got {_kind(value)}")
    return value


def _unknown_keys(data: dict[Any, Any], known: Sequence[str], where: str) -> None:
    for key in data:
        if key not in known:
            at = f"{where}.{key}" if where else str(key)
            raise _Bad(at, f"unknown key {key!r}{_suggest(str(key), known)}; known keys: {', '.join(known)}")
