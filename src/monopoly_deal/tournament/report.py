"""A tournament in words and files: each match's line, the standings table, and the outputs.

The only module of the package that touches files (the library's other parts
are pure, for the server to reuse).

>>> from monopoly_deal.tournament import Team, TournamentOptions, run_tournament
>>> options = TournamentOptions(tuple(Team(n, "random") for n in "ABCD"), matches=1, seed=1)
>>> tournament = run_tournament(options)
>>> print(match_line(options, tournament.matches[0]))
match 1: dice A 6, B 8, C 6, D 4; again A 11, C 6 -> seats B, A, C, D; turn limit (30 turns): assets B 57, A 21, C 34, D 21 -> B wins
>>> print(standings_table(tournament))
| rank | team | bot | points | wins | by sets | at the limit | roll-offs | forfeits |
|---|---|---|---|---|---|---|---|---|
| 1 | B | random | 1 | 1 | 0 | 1 | 0 | 0 |
| 2 | A | random | 0 | 0 | 0 | 0 | 0 | 0 |
| 2 | C | random | 0 | 0 | 0 | 0 | 0 | 0 |
| 2 | D | random | 0 | 0 | 0 | 0 | 0 | 0 |
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..i18n import Translator, get_translator
from ..record import read_text
from .dice import Round
from .match import MatchRecord
from .options import TournamentOptions
from .standings import TeamStanding, disqualified
from .state import MAX_FILE_BYTES, Tournament, TournamentError, loads

__all__ = ["OUTPUTS", "limit_words", "load", "match_line", "save", "standings_table", "summary", "write_outputs"]

#: The words of the reports unless another language is asked for.
ENGLISH = get_translator("en")


#: The files ``write_outputs`` writes, in its folder.
OUTPUTS = ("standings.json", "standings.csv", "matches.csv", "tournament.json", "points.png")


def limit_words(limit: Any, words: Translator) -> str:
    """A match's limit in words: "30 turns", "45 minutes", "90 seconds"."""
    say = words.gettext
    if limit.turns is not None:
        return say("report.turns", count=limit.turns)
    minutes = limit.seconds / 60
    return say("report.minutes", count=f"{minutes:g}") if limit.seconds % 60 == 0 \
        else say("report.seconds", count=f"{limit.seconds:g}")


def _rolls(names: Sequence[str], rounds: list[Round], words: Translator) -> str:
    say = words.gettext
    sep = say("narrate._comma")
    parts = [sep.join(f"{names[p]} {total}" for p, total in zip(players, totals)) for players, totals in rounds]
    return say("report.again").join(parts)


def match_line(options: TournamentOptions, match: MatchRecord, words: Translator = ENGLISH) -> str:
    """One match in a line: the seating dice, the seats, how it ended, the winner, in ``words``' language."""
    say = words.gettext
    teams = options.names
    seated = [teams[t] for t in match.seating.order]
    sep = say("narrate._comma")
    if match.end == "sets":
        outcome = say("report.sets", team=seated[match.winner], turn=match.turns)
    else:
        limit = say("report.turns", count=match.turns) if match.end == "turn-limit" else limit_words(options.limit, words)
        assets = sep.join(f"{name} {value}" for name, value in zip(seated, match.assets))
        outcome = say(f"report.{match.end}", limit=limit, assets=assets)
        if match.roll_off:
            outcome += say("report.roll-off", dice=_rolls(seated, match.roll_off, words))
        outcome += say("report.wins", team=seated[match.winner])
    line = say("report.match", n=match.index + 1, dice=_rolls(teams, match.seating.rounds, words),
               seats=sep.join(seated), outcome=outcome)
    left = {match.seating.order[t.seat] for t in match.left}
    absent = {match.seating.order[seat] for seat in match.absent}
    out = disqualified(options, [match])
    for team in sorted(match.forfeits):
        if team in absent:
            line += say("report.sat-out", team=teams[team])
        elif team in left:
            line += say("report.left", team=teams[team])
        elif team in out:
            line += say("report.disqualified", team=teams[team])
        else:
            line += say("report.forfeit", team=teams[team])
    return line


def _bot(spec: str | None, words: Translator) -> str:
    """A team's bot as the table names it: in English its spec (what ``--team`` takes), else in words."""
    if not spec:
        return words.gettext("report.people")
    return spec if words.lang == "en" else words.bot_name(spec)


def team_cell(standing: TeamStanding, words: Translator = ENGLISH) -> str:
    """A team's name in the standings, marked when it was disqualified (R10.5)."""
    if standing.disqualified is None:
        return standing.name
    return words.gettext("report.team-disqualified", team=standing.name, n=standing.disqualified + 1)


def standings_table(tournament: Tournament, words: Translator = ENGLISH) -> str:
    """The standings as a Markdown table, in ``words``' language."""
    lines = [words.gettext("report.standings-head"), "|---|---|---|---|---|---|---|---|---|"]
    lines += [f"| {s.rank} | {team_cell(s, words)} | {_bot(s.bot, words)} | {s.points} | {s.wins} | {s.sets} | "
              f"{s.limit} | {s.roll_offs} | {s.forfeits} |" for s in tournament.standings()]
    return "\n".join(lines)


def summary(tournament: Tournament) -> dict[str, Any]:
    """``standings.json``: the teams in standings order, the options, and how the matches ended."""
    matches = tournament.matches
    return {
        "teams": [s.to_dict() for s in tournament.standings()],
        "matches": len(matches),
        "ends": {end: sum(m.end == end for m in matches) for end in ("sets", "turn-limit", "time-limit")},
        "roll_offs": sum(bool(m.roll_off) for m in matches),
        "forfeits": sum(len(m.forfeits) for m in matches),
        "mean_turns": round(sum(m.turns for m in matches) / max(len(matches), 1), 2),
        "options": tournament.options.to_dict(),
    }


def save(tournament: Tournament, path: str | Path) -> None:
    """Write the tournament file whole or not at all (written beside it, then moved over it)."""
    path = Path(path)
    part = path.with_name(path.name + ".part")
    part.write_text(tournament.dumps(), encoding="utf-8")
    os.replace(part, path)


def load(path: str | Path) -> Tournament:
    """Read, check and replay the tournament file ``path``; :class:`TournamentError` names what is wrong."""
    text = read_text(path, MAX_FILE_BYTES, "a tournament file", TournamentError)
    return loads(text, str(path))


def write_outputs(tournament: Tournament, out: str | Path) -> list[Path]:
    """Write :data:`OUTPUTS` into the folder ``out`` (made if missing). Nothing in them depends
    on how the matches were run, so the same options give the same files."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in OUTPUTS]
    paths[0].write_text(json.dumps(summary(tournament), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    _standings_csv(tournament.standings(), paths[1])
    _matches_csv(tournament, paths[2])
    save(tournament, paths[3])
    plot_points(tournament, paths[4])
    return paths


def _standings_csv(table: list[TeamStanding], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        names = list(table[0].to_dict()) if table else []
        w.writerow(names)
        for s in table:
            w.writerow(["" if v is None else v for v in s.to_dict().values()])


def _matches_csv(tournament: Tournament, path: Path) -> None:
    teams = tournament.options.names
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["match", "seats", "dice", "winner", "how", "end", "turns", "roll_off", "forfeits"]
                   + [f"assets {t}" for t in teams] + [f"seat {t}" for t in teams])
        for m in tournament.matches:
            seated = [teams[t] for t in m.seating.order]
            seat_of = {team: seat for seat, team in enumerate(m.seating.order)}
            w.writerow([m.index + 1, " ".join(seated), _rolls(teams, m.seating.rounds, ENGLISH), seated[m.winner], m.how,
                        m.end, m.turns, _rolls(seated, m.roll_off, ENGLISH), " ".join(teams[t] for t in sorted(m.forfeits))]
                       + [m.assets[seat_of[t]] for t in range(len(teams))]
                       + [seat_of[t] + 1 for t in range(len(teams))])


def plot_points(tournament: Tournament, path: Path) -> None:
    """Each team's points as the matches go, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    x = range(len(tournament.matches) + 1)
    for team, points in zip(tournament.options.names, tournament.points_by_match()):
        ax.step(x, [0, *points], where="post", label=team)
    ax.set_xlabel("match")
    ax.set_ylabel("points")
    options = tournament.options
    ax.set_title(f"{len(tournament.matches)} matches, seed {options.seed}, limit {options.limit.describe()}")
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
