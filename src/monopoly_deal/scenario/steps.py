"""A scenario's ``steps:``: each read and checked, and each run against the game (:data:`_RUNNERS`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..engine import Game, IllegalActionError, parse_action
from ..engine.actions import Action
from .expect import Check, _differences, _read_expect
from .position import _Reader
from .values import _Bad, _kind, _list, _suggest

STEP_KINDS = ("do", "illegal", "legal", "legal_includes", "legal_excludes", "expect")


@dataclass(frozen=True)
class Step:
    """One step: ``kind`` is a key of the step table; ``actions`` its notation, or ``checks`` for ``expect``."""

    number: int
    kind: str
    actions: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()


def _read_actions(value: Any, kind: str) -> tuple[str, ...]:
    """An action or a list of them; each must be notation the engine can read
    (a typo refused as illegal would let an ``illegal:`` step pass for the wrong reason)."""
    items = value if isinstance(value, list) else [value]
    if not items and kind in ("do", "illegal"):
        raise _Bad(kind, "an empty list does nothing; name at least one action")
    for i, item in enumerate(items):
        at = f"{kind}[{i}]" if isinstance(value, list) else kind
        if not isinstance(item, str):
            raise _Bad(at, f"expected an action in notation, such as 'bank 5M', got {_kind(item)}")
        try:
            parse_action(item)
        except IllegalActionError as error:
            raise _Bad(at, str(error)) from None
    return tuple(items)


def _read_steps(value: Any, reader: _Reader) -> tuple[Step, ...]:
    items = _list(value, "steps")
    if not items:
        raise _Bad("steps", "no steps: a scenario does or checks at least one thing")
    steps = []
    for n, item in enumerate(items, 1):
        label = f"step {n}"
        if not isinstance(item, dict) or len(item) != 1:
            got = list(item) if isinstance(item, dict) else _kind(item)
            raise _Bad(label, f"a step is a mapping with one key ({', '.join(STEP_KINDS)}), got {got}")
        (kind, value), = item.items()
        if kind not in STEP_KINDS:
            raise _Bad(label, f"unknown step {kind!r}{_suggest(str(kind), STEP_KINDS)}; steps are {', '.join(STEP_KINDS)}")
        try:
            if kind == "expect":
                steps.append(Step(n, kind, checks=_read_expect(reader, value, kind)))
            else:
                steps.append(Step(n, kind, actions=_read_actions(value, kind)))
        except _Bad as bad:
            raise _Bad(f"{label} ({bad.where})", bad.message) from None
    return tuple(steps)


def _label(step: Step, i: int, action: str) -> str:
    """``step 3 (do 'bank 5M')`` or, in a list, ``step 3 (do[1] 'pay 1M')``."""
    index = f"[{i}]" if len(step.actions) > 1 else ""
    return f"step {step.number} ({step.kind}{index} {action!r})"


def _run_do(step: Step, game: Game) -> str:
    """Apply each action; after each, every card must still be accounted for."""
    for i, action in enumerate(step.actions):
        try:
            game.apply(action)
            game.check_invariants()
        except IllegalActionError as error:
            return f"{_label(step, i, action)}: refused: {error}"
        except AssertionError as error:
            return f"{_label(step, i, action)}: the engine broke an invariant: {error}"
        except Exception as error:  # noqa: BLE001 - an engine crash fails this scenario, not the whole run
            return f"{_label(step, i, action)}: the engine raised {type(error).__name__}: {error}"
    return ""


def _snapshot(game: Game) -> dict[str, Any]:
    """Everything an illegal action must leave alone, part by part."""
    key = game.card_key
    parts: dict[str, Any] = {f"what P{p + 1} sees": game.view(p) for p in range(game.players)}
    parts["the draw pile"] = [key(c) for c in game.draw]
    parts["the discard pile"] = [key(c) for c in game.discard]
    parts["the history"] = len(game.history)
    return parts


def _run_illegal(step: Step, game: Game) -> str:
    for i, action in enumerate(step.actions):
        before = _snapshot(game)
        try:
            game.apply(action)
        except IllegalActionError:
            after = _snapshot(game)
            changed = [part for part in before if before[part] != after[part]]
            if changed:
                return f"{_label(step, i, action)}: refused, but it changed {', '.join(changed)}"
            continue
        except Exception as error:  # noqa: BLE001 - as in _run_do
            return f"{_label(step, i, action)}: the engine raised {type(error).__name__}: {error}"
        return f"{_label(step, i, action)}: was accepted, but must be refused"
    return ""


def _show_actions(actions: Iterable[Action]) -> str:
    return "[" + ", ".join(sorted(str(a) for a in actions)) + "]"


def _run_legal(step: Step, game: Game) -> str:
    want = {parse_action(a) for a in step.actions}
    got = set(game.legal_actions())
    where = f"step {step.number} ({step.kind})"
    if step.kind == "legal" and want != got:
        notes = _differences(_show_actions(want - got), _show_actions(got - want))
        return f"{where}: expected exactly {_show_actions(want)}, got {_show_actions(got)} ({notes})"
    if step.kind == "legal_includes" and want - got:
        return f"{where}: not legal now: {_show_actions(want - got)}; legal: {_show_actions(got)}"
    if step.kind == "legal_excludes" and want & got:
        return f"{where}: legal now, but must not be: {_show_actions(want & got)}"
    return ""


def _run_expect(step: Step, game: Game) -> str:
    mismatches = [m for check in step.checks for m in check(game)]
    return "; ".join(f"step {step.number} ({label}): {text}" for label, text in mismatches)


_RUNNERS: dict[str, Callable[[Step, Game], str]] = {
    "do": _run_do, "illegal": _run_illegal, "legal": _run_legal,
    "legal_includes": _run_legal, "legal_excludes": _run_legal, "expect": _run_expect,
}
