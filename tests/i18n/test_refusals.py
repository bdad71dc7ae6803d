"""Refusals in every language: each one the engine, the bots, the names, the terminal game, the files, the
tournament limits and the arena can give is said in words of each catalogue, the English being its own text."""

from __future__ import annotations

import errno
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from monopoly_deal import record
from monopoly_deal.arena.play import lineups
from monopoly_deal.bots.registry import BotSpecError, FileOption, make_bot
from monopoly_deal.engine import Game, Refusal, Rules
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.narrate import clean_name
from monopoly_deal.parallel import RAY_MISSING, RayUnavailable, check_ray
from monopoly_deal.rl.plugin import make_policy
from monopoly_deal.server.protocol import check_rule_bounds
from monopoly_deal.tournament import report, state
from monopoly_deal.tournament.limit import Limit
from monopoly_deal.tui.session import player_names, seat_specs

#: The parts whose refusals are worded in the catalogues (``<part>-error.<code>``).
PARTS = ("rules", "bot", "name", "session", "record", "tournament", "os", "limit", "arena", "ray")


def _replays_an_illegal_action() -> None:
    game = Game(2, seed=3)
    game.apply("end")
    data = json.loads(record.dumps(game))
    data["actions"] = ["bank 10M"]
    record.replay(record.from_dict(data, "game.json"))


def _is_too_large(tmp: Path, monkeypatch: pytest.MonkeyPatch, module: object, name: str, read: Callable) -> None:
    monkeypatch.setattr(module, name, 10)
    (tmp / "big.json").write_text("{}" * 20)
    read(tmp / "big.json")


def _raises(error: Exception) -> Callable[..., None]:
    """A refusal that this machine cannot provoke (an optional package present or not): made as its code does."""
    def make() -> None:
        raise error
    return make


def _unreadable_policy(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp / "policy.zip").write_text("")
    monkeypatch.setattr("os.access", lambda *_: False)   # root reads every file: the check is made to fail
    FileOption("a saved policy").parse("policy", "path", str(tmp / "policy.zip"))


TRIGGERS: dict[str, Callable[..., None]] = {
    "rules-error.start": lambda: Rules(start=-1),
    "rules-error.choice": lambda: Rules.parse("putback=floor"),
    "rules-error.flag": lambda: Rules.parse("bank_first=maybe"),
    "rules-error.decks": lambda: Rules(decks=9),
    "rules-error.max-turns": lambda: Rules(max_turns=0),
    "rules-error.max-rearrangements": lambda: Rules(max_rearrangements=-1),
    "rules-error.sets-to-win": lambda: Rules(sets_to_win=2),
    "rules-error.mapping": lambda: Rules.from_dict([]),  # type: ignore[arg-type]
    "rules-error.unknown": lambda: Rules.from_dict({"speed": 1}),
    "rules-error.needs-value": lambda: Rules.parse("bank_first"),
    "rules-error.start-seat": lambda: Game(2, rules=Rules(start=5)),
    "rules-error.whole-number": lambda: check_rule_bounds({"decks": True}, 2),
    "rules-error.decks-for-players": lambda: check_rule_bounds({"decks": 5}, 3),
    "rules-error.turns": lambda: check_rule_bounds({"max_turns": 10**9}, 2),
    "rules-error.rearrangements-bounded": lambda: check_rule_bounds({"max_rearrangements": 0}, 2),
    "bot-error.whole": lambda: make_bot("ismcts:iters=0"),
    "bot-error.number": lambda: make_bot("ismcts:time=nan"),
    "bot-error.no-file": lambda: FileOption("a saved policy").parse("policy", "path", "/no/such/policy.zip"),
    "bot-error.unreadable": _unreadable_policy,
    "bot-error.policy-path": lambda: make_policy(),
    "bot-error.local-only": _raises(BotSpecError("local-only", "bot 'policy' reads files of this machine: it plays "
                                                 "only from the command line", bot="policy")),
    "bot-error.needs-openspiel": _raises(BotSpecError("needs-openspiel", "bot 'openspiel-ismcts' needs OpenSpiel")),
    "bot-error.not-a-policy": _raises(BotSpecError("not-a-policy", "bot 'policy': 'x.zip' is not a MaskablePPO model",
                                                   path="x.zip")),
    "bot-error.policy-size": _raises(BotSpecError("policy-size", "bot 'policy': 'x.zip' was trained for another "
                                                  "game size", path="x.zip", players=3)),
    "bot-error.policy-format": _raises(BotSpecError("policy-format", "bot 'policy': 'x.pt' is no policy it reads (a "
                                                    "MaskablePPO .zip, a TorchScript module, an exported program "
                                                    "or a PolicyNetwork state_dict; docs/rl.md): it is not a "
                                                    "torch or sb3 archive", path="x.pt",
                                                    reason="it is not a torch or sb3 archive")),
    "bot-error.needs-rl-extra": _raises(BotSpecError("needs-rl-extra", "bot 'policy' needs the rl extra", bot="policy")),
    "bot-error.not-key-value": lambda: make_bot("ismcts:iters"),
    "bot-error.unknown": lambda: make_bot("nosuchbot"),
    "bot-error.unknown-option": lambda: make_bot("random:speed=3"),
    "name-error.unprintable": lambda: clean_name("Ann\u202eevil"),
    "name-error.long": lambda: clean_name("x" * 30),
    "session-error.humans": lambda: seat_specs(2, 3),
    "session-error.bot-count": lambda: seat_specs(4, 1, ["random", "random"]),
    "session-error.names-count": lambda: player_names(2, {1: "random"}, ["Ann", "Bo"]),
    "session-error.name-refused": lambda: player_names(2, {1: "random"}, ["x" * 30]),
    "session-error.name-empty": lambda: player_names(2, {1: "random"}, ["   "]),
    "session-error.name-like-bot": lambda: player_names(2, {1: "random"}, ["P2 (heuristic)"]),
    "session-error.name-twice": lambda: player_names(3, {2: "random"}, ["Ann", "ANN"]),
    "record-error.unreadable": lambda: record.load("/no/such/game.json"),
    "record-error.too-large": lambda tmp, mp: _is_too_large(tmp, mp, record, "MAX_RECORD_BYTES", record.load),
    "record-error.not-json": lambda: record.loads("{", "game.json"),
    "record-error.not-this": lambda: record.loads("[]", "game.json"),
    "record-error.invalid": lambda: record.loads('{"format": "chess"}', "game.json"),
    "record-error.action": _replays_an_illegal_action,
    "tournament-error.unreadable": lambda: report.load("/no/such/cup.json"),
    "tournament-error.too-large": lambda tmp, mp: _is_too_large(tmp, mp, report, "MAX_FILE_BYTES", report.load),
    "tournament-error.not-json": lambda: state.loads("{", "cup.json"),
    "tournament-error.not-this": lambda: state.loads("[]", "cup.json"),
    "tournament-error.invalid": lambda: state.loads(f'{{"format": "{state.FORMAT}", "version": 9}}', "cup.json"),
    "os-error.no-such-file": _raises(record.os_refusal(OSError(errno.ENOENT, "No such file or directory"))),
    "os-error.no-permission": _raises(record.os_refusal(OSError(errno.EACCES, "Permission denied"))),
    "os-error.is-folder": _raises(record.os_refusal(OSError(errno.EISDIR, "Is a directory"))),
    "os-error.disk-full": _raises(record.os_refusal(OSError(errno.ENOSPC, "No space left on device"))),
    "os-error.read-only": _raises(record.os_refusal(OSError(errno.EROFS, "Read-only file system"))),
    "os-error.address-in-use": _raises(record.os_refusal(OSError(errno.EADDRINUSE, "Address already in use"))),
    "os-error.not-utf8": lambda: record.load(Path(__file__).parents[1] / "data" / "not-utf8.bin"),
    "os-error.other": _raises(record.os_refusal(OSError(errno.EIO, "Input/output error"))),
    "limit-error.turns": lambda: Limit(turns=0),
    "limit-error.seconds": lambda: Limit(seconds=0.5),
    "limit-error.time": lambda: Limit.parse_time("45"),
    "arena-error.too-few-bots": lambda: lineups(["random"], 2),
    "ray-error.missing": _raises(RayUnavailable("missing", RAY_MISSING)),
    "ray-error.unreachable": lambda: check_ray("127.0.0.1:1"),
    "ray-error.cannot-join": _raises(RayUnavailable("cannot-join", "cannot join the Ray cluster x: y", address="x")),
}


def _refusal(message_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Refusal:
    trigger = TRIGGERS[message_id]
    with pytest.raises(Refusal) as raised:
        trigger(tmp_path, monkeypatch) if trigger.__code__.co_argcount == 2 else trigger()
    error = raised.value
    if message_id.startswith("os-error.") and error.message_id != message_id:   # a file's reason
        error = error.params["reason"]
    return error


def test_every_part_s_refusals_are_in_every_catalogue_and_provoked_here() -> None:
    ids = {k for k in get_translator("en").catalogue() if k.split(".")[0].removesuffix("-error") in PARTS
           and k.split(".")[0].endswith("-error")}
    assert ids == set(TRIGGERS)


@pytest.mark.parametrize("message_id", sorted(TRIGGERS))
def test_a_refusal_is_said_in_every_language(message_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    error = _refusal(message_id, tmp_path, monkeypatch)
    assert error.message_id == message_id
    assert get_translator("en").explain(error) == str(error) and "\n" not in str(error)
    for lang in LANGUAGES[1:]:
        said = get_translator(lang).explain(error)
        bare = said
        values = [str(item) for value in error.params.values()
                  for item in (value if isinstance(value, list | tuple) else [value])]
        for value in sorted(values, key=len, reverse=True):     # "openspiel-ismcts" before "ismcts"
            bare = bare.replace(value, "")
        # left in Latin letters: only what a person types (values, options, commands) and names of formats
        bare = re.sub(r"「[^」]*」|[\w.-]*=[\w.-]*|--[\w-]+|(python -m )?pip install \S+|[\w/.-]+\.py|\b(true|false|random|dice|JSON|UTF-8|"
                      r"MiB|rl|OpenSpiel|MaskablePPO|Ray|auto|P\d+)\b", "", bare)
        assert not re.search(r"[A-Za-z]{2,}", bare), (lang, said)
        assert not re.search(r"[\u4e00-\u9fff][ ,:;()][\u4e00-\u9fff]", said), (lang, said)
