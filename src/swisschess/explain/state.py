"""The round being explained: the players as the engine saw them, and the pairing.

:class:`RoundState` holds the tournament before the round, the entrants in
Art. 1.2 order (the engine's own view: :func:`swisschess.rules.dutch.entrants`),
the pairing to explain, and the facts about pairs every other part of the
explainer asks for: compatibility ([C1], [C3]), earlier games, PAB eligibility
([C2]).
"""

from __future__ import annotations

from fractions import Fraction

from swisschess.explain import wording
from swisschess.explain.oracle import Oracle
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing import registry
from swisschess.rules.dutch import Entrant, entrants


class ExplainError(Exception):
    """The round cannot be explained as asked (bad round number, inconsistent pairing)."""


class RoundState:
    """The state of the round and the chosen pairing."""

    def __init__(self, t: Tournament, rnd: int, edition: str, boards: list[tuple[int, int]],
                 bye: int | None) -> None:
        self.t, self.rnd, self.edition = t, rnd, edition
        # the engine's own view of the players
        players = entrants(t, rnd, registry.dutch_facts(edition))
        self.players = players
        self.by_id = {p.id: p for p in players}
        played = rnd - 1
        total = t.rounds or rnd
        maxwin = max(t.points.win, t.points.draw)
        # Art. 1.8: topscorers (more than 50 %) exist only when pairing the final round
        self.final_round = played >= total - 1
        self.topscore_limit = Fraction(played) * maxwin / 2
        self.oracle = Oracle(self.compatible_rule, (p.score for p in players))
        self.initial = t.initial_colour or Colour.WHITE
        self.boards = boards
        self.bye = bye
        #: recorded pairs without colours (some forfeits): no colour to compare
        self.colourless: set[frozenset[int]] = set()
        #: the pairing explained is the engine's (so the best): candidates may be pruned
        self.trusted = False
        self.mate: dict[int, int | None] = {}
        self.white: set[int] = set()
        for w, b in boards:
            for x in (w, b):
                if x not in self.by_id:
                    raise ExplainError(wording.not_to_be_paired(rnd, x))
                if x in self.mate:
                    raise ExplainError(wording.paired_twice(rnd, x))
            self.mate[w], self.mate[b] = b, w
            self.white.add(w)
        if bye is not None:
            if bye not in self.by_id or bye in self.mate:
                raise ExplainError(wording.bad_pab(rnd, bye))
            self.mate[bye] = None
        missing = [p.id for p in players if p.id not in self.mate]
        if missing:
            raise ExplainError(wording.left_out(rnd, missing))

    def compatible_rule(self, a: Entrant, b: Entrant) -> bool:
        """[C1] no rematch or forbidden pair; [C3] not both the same absolute
        preference, unless one of them is a topscorer in the final round (Art. 1.8)."""
        if a.barred(b):
            return False
        if a.absolute and b.absolute and a.preference is b.preference:
            return self.final_round and max(a.score, b.score) > self.topscore_limit
        return True

    def met_rounds(self, a: int, b: int) -> list[int]:
        """The rounds in which ``a`` and ``b`` played each other."""
        out = []
        for r, e in enumerate(self.t.players[a].results[: self.rnd - 1], 1):
            if e.played and e.opponent == b:
                out.append(r)
        return out

    def why_incompatible(self, a: Entrant, b: Entrant) -> tuple[str, str] | None:
        """The absolute criterion ``a``-``b`` breaks, with the words for it."""
        if self.oracle.compatible(a, b):
            return None
        if (b.score, -b.rank) > (a.score, -a.rank):
            a, b = b, a
        if a.barred(b):
            met = self.met_rounds(a.id, b.id)
            if met:
                return "C1", wording.already_met(a.id, b.id, met)
            return "C1", wording.forbidden_pair(a.id, b.id)
        return "C3", wording.same_absolute_preference(a.id, b.id, a.preference)

    def history(self, pid: int) -> str:
        """Colours of the rounds so far: ``W``, ``B``, ``-`` (not played)."""
        out = []
        for r in range(1, self.rnd):
            e = self.t.players[pid].entry(r)
            out.append(e.colour.value.upper() if e is not None and e.played else "-")
        return "".join(out)

    def pab_bar(self, p: Entrant) -> str:
        """Why ``p`` may not receive the PAB ([C2])."""
        win = self.t.points.win
        for r, e in enumerate(self.t.players[p.id].results[: self.rnd - 1], 1):
            if e.is_pab:
                return wording.had_pab(r)
        for r, e in enumerate(self.t.players[p.id].results[: self.rnd - 1], 1):
            if not e.played and e.code in "+F" or (
                    not e.played and self.t.points.points(e) >= win > 0):
                return wording.won_without_playing(r, e.code)
        return wording.NO_PAB

    def unplayed(self, p: Entrant) -> int:
        """Rounds without a game played ([C9])."""
        return self.rnd - 1 - p.played_games
