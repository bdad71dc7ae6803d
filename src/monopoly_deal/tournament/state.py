"""A tournament as a whole: its options and its matches, saved to and loaded from a file.

>>> from monopoly_deal.tournament import Team, Tournament, TournamentOptions, play_match
>>> options = TournamentOptions((Team("A", "random"), Team("B", "random"), Team("C", "random")), matches=3, seed=4)
>>> tournament = Tournament(options)
>>> for index in range(options.matches):
...     tournament.add(play_match(options, index))
>>> [(s.name, s.points, s.rank) for s in tournament.standings()]
[('A', 1, 1), ('B', 1, 1), ('C', 1, 1)]
>>> Tournament.from_dict(tournament.to_dict()).standings() == tournament.standings()
True

A tournament file is JSON: the options, then every match played so far with
its dice, game record and result (:meth:`MatchRecord.to_dict`). Loading replays
it all from the seed; an edited or corrupted file raises one
:class:`TournamentError` naming the file and the field, e.g.
``t.json: matches[3]: field 'winner': the file says 2, the replay gives 0``.
A program that plays matches with people (the server) keeps a
:class:`Tournament`, adds each match as it ends, and stores ``to_dict()``.
Files are written and read by :mod:`monopoly_deal.tournament.report`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..record import FileError
from .match import MatchError, MatchRecord, replay_match
from .options import TournamentOptions
from .standings import TeamStanding, disqualified, points_by_match, standings

__all__ = ["FORMAT", "MAX_FILE_BYTES", "Tournament", "TournamentError", "loads"]

FORMAT = "monopoly-deal-tournament"
VERSION = 1
#: The largest tournament file read (bytes): 100,000 matches of bots take about 600 MiB.
MAX_FILE_BYTES = 1024 * 1024 * 1024


class TournamentError(FileError):
    """A tournament file that cannot be read, or does not replay as stored: one line naming the file and field."""

    kind = "tournament"


@dataclass
class Tournament:
    """The options and the matches played so far, in order (match ``k`` is ``matches[k]``)."""

    options: TournamentOptions
    matches: list[MatchRecord] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return len(self.matches) == self.options.matches

    def add(self, match: MatchRecord) -> None:
        """Add the next match (matches are kept in index order), played without the teams disqualified
        before it (:meth:`disqualified_before`)."""
        if match.index != len(self.matches) or self.over:
            raise ValueError(f"match {match.index} is not the next one (match {len(self.matches)} is)")
        if {match.seating.order[seat] for seat in match.absent} != self.disqualified_before(match.index):
            raise ValueError(f"match {match.index} was not played without the teams disqualified before it")
        self.matches.append(match)

    def disqualified(self) -> dict[int, int]:
        """The bot teams disqualified (R10.5, under ``stalling="tournament"``), each with the match it stalled
        in: its bot, its only representative, timed out twice, so the stand-in plays its seat in every later
        match and it forfeits them. A team of people is never: the player is disqualified, and the team names
        another (the server refuses the same name again)."""
        return disqualified(self.options, self.matches)

    def disqualified_before(self, index: int) -> frozenset[int]:
        """The teams that sit out match ``index`` (see :meth:`disqualified`)."""
        return frozenset(team for team, k in self.disqualified().items() if k < index)

    def standings(self) -> list[TeamStanding]:
        return standings(self.options, self.matches)

    def points_by_match(self) -> list[list[int]]:
        return points_by_match(self.options, self.matches)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "options": self.options.to_dict(),
                "matches": [m.to_dict() for m in self.matches]}

    def dumps(self) -> str:
        """The file's text: the options, then one match a line."""
        head = json.dumps({k: v for k, v in self.to_dict().items() if k != "matches"}, ensure_ascii=False)
        lines = [json.dumps(m.to_dict(), ensure_ascii=False, separators=(",", ":")) for m in self.matches]
        return head[:-1] + ', "matches": [\n' + ",\n".join(lines) + "\n]}\n"

    @classmethod
    def from_dict(cls, data: Any, source: str = "<tournament>") -> Tournament:
        """Check a parsed tournament file and replay every match; :class:`TournamentError` otherwise."""
        tournament, _, problem = cls.verified(data, source)
        if problem is not None:
            raise problem
        return tournament

    @classmethod
    def verified(cls, data: Any, source: str = "<tournament>") -> tuple[Tournament, list[Any], TournamentError | None]:
        """The tournament of the file's matches that replay as stored, in order up to the first that does not;
        the matches left out (as stored) and why the first of them was. :class:`TournamentError` if the file
        itself (its format, version or options) is not a tournament's."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TournamentError(f"{source}: not a tournament file (no \"format\": \"{FORMAT}\")", "not-this",
                                  path=source)
        if data.get("version") != VERSION:
            raise TournamentError(f"{source}: field 'version': {data.get('version')!r} is not supported; "
                                  f"this program reads version {VERSION}", path=source, field="version")
        unknown = sorted(set(data) - {"format", "version", "options", "matches"})
        if unknown:
            raise TournamentError(f"{source}: field {unknown[0]!r}: unknown; a tournament file has format, "
                                  "version, options and matches", path=source, field=unknown[0])
        try:
            options = TournamentOptions.from_dict(data.get("options"))
        except (ValueError, TypeError) as error:
            raise TournamentError(f"{source}: field 'options': {str(error).splitlines()[0]}", path=source,
                                  field="options") from None
        matches = data.get("matches")
        if not isinstance(matches, list) or len(matches) > options.matches:
            raise TournamentError(f"{source}: field 'matches': a list of at most {options.matches} matches",
                                  path=source, field="matches")
        tournament = cls(options)
        for index, match in enumerate(matches):
            try:
                tournament.add(replay_match(options, index, match, tournament.disqualified_before(index)))
            except MatchError as error:
                return tournament, matches[index:], TournamentError(f"{source}: matches[{index}]: {error}",
                                                                    path=source, field=f"matches[{index}]")
        return tournament, [], None


def loads(text: str, source: str = "<tournament>") -> Tournament:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise TournamentError(f"{source}: not valid JSON: {str(error).splitlines()[0]}", "not-json",
                              path=source) from None
    return Tournament.from_dict(data, source)
