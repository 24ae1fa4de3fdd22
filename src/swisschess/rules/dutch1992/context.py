"""Player facts before the round (A2, A7, B1, B2 inputs) and the absolute criteria B1/B2."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from swisschess.model.history import (
    Float,
    Strength,
    colour_difference,
    colour_preference,
    compressed_history,
    float_in_round,
    pab_eligible,
    played_colours,
)
from swisschess.model.tournament import Colour, Tournament
from swisschess.rules.dutch1992.matching import max_matching

W, B = Colour.WHITE, Colour.BLACK


#: A2 (c): FIDE titles in the seeds' order GM - WGM - IM - WIM - FM - WFM - none.
#: TRF title codes: g, wg, m, wm, f, wf (c / wc did not exist in 1992: "none").
TITLE_ORDER = {"g": 0, "wg": 1, "m": 2, "wm": 3, "f": 4, "wf": 5}


@dataclass(slots=True)
class Facts:
    """What the pairing needs to know about one player before round ``rnd``."""

    id: int
    score: Fraction  # pairing score: points + fictitious points
    rating: int
    title: int
    name: str
    colours: list[Colour]  # played games only (seeds F2)
    history: str  # seeds F3 compressed colour history, e.g. "-BWWB"
    cd: int  # A7 colour difference
    pref_colour: Colour  # A7 preference (NONE before the first game)
    pref_strength: Strength
    opponents: frozenset[int]  # B1a: opponents of games actually played
    bye_ok: bool  # B1b
    topscorer: bool  # > 50 % in the last round: B2, B5, B6 waived
    float1: Float  # float received last round (B5)
    float2: Float  # float received two rounds before (B6)
    rank: int = 0  # A2 position in the whole field, 0 = first


class Context:
    """Facts of all players to pair in round ``rnd`` and the pair tests."""

    #: Two players without colour preference meet after round 1 (the text is
    #: silent): the higher-ranked one gets the drawn colour if his number is odd
    #: (the round-1 rule E/F4); an edition may read it the other way round.
    odd_number_gets_drawn_colour: bool = True

    def __init__(self, t: Tournament, rnd: int, ids: Iterable[int], edition: str = "1992"):
        # float definition: 1992 A4/A5 (games between unequal scores, the bye);
        # 2012 B.1b adds every point or half point scored without playing (the
        # 2026 Art. 1.4.3 definition); 2017 A.4 (measurement variant only):
        # every unplayed round
        fe = {"2017": "2017", "2012": "2026"}.get(edition, "1992")
        self.edition = edition
        self.t = t
        self.rnd = rnd
        self.last_round = t.rounds is not None and rnd >= t.rounds
        self.initial = t.initial_colour if t.initial_colour in (W, B) else W
        win = t.points.win
        self.f: dict[int, Facts] = {}
        for pid in ids:
            p = t.players[pid]
            cols = played_colours(p, rnd - 1)
            pref = colour_preference(cols)
            points = t.score(pid, rnd - 1)
            self.f[pid] = Facts(
                id=pid,
                score=points + t.acceleration(pid, rnd),
                rating=p.rating,
                title=TITLE_ORDER.get(p.title.strip().lower(), 6),
                name=p.name.strip().casefold(),
                colours=cols,
                history=compressed_history(p, rnd - 1),
                cd=colour_difference(cols),
                pref_colour=pref.colour,
                pref_strength=pref.strength,
                opponents=frozenset(
                    e.opponent for e in p.results[: rnd - 1] if e.played and e.opponent is not None
                ),
                bye_ok=pab_eligible(t, pid, rnd - 1, edition="1992"),
                topscorer=self.last_round and 2 * points > (rnd - 1) * win,
                float1=float_in_round(t, pid, rnd - 1, fe) if rnd > 1 else Float.NONE,
                float2=float_in_round(t, pid, rnd - 2, fe) if rnd > 2 else Float.NONE,
            )
        for i, pid in enumerate(sorted(self.f, key=self.a2_key)):
            self.f[pid].rank = i
        # B1/B2 facts per player, taken when the first pair is tested (an edition
        # may still adjust the facts, e.g. Lim's last-round waiver, before that)
        self._colours_ok: dict[int, tuple[bool, bool]] = {}
        self._forbidden: set[tuple[int, int]] | None = None

    def number(self, pid: int) -> int:
        """The pairing number whose parity gives the drawn colour (E, F4): the
        starting number (Czech seed 003: "startovní číslo")."""
        return pid

    # ------------------------------------------------------------ A2 order
    def a2_key(self, pid: int) -> tuple:
        """A2: score, rating, FIDE title, name (then pairing number)."""
        x = self.f[pid]
        return (-x.score, -x.rating, x.title, x.name, pid)

    def sort(self, ids: Iterable[int]) -> list[int]:
        return sorted(ids, key=lambda p: self.f[p].rank)

    def score_groups(self, ids: Iterable[int]) -> list[list[int]]:
        """A3: the score brackets of ``ids``, highest score first, each in A2 order."""
        groups: list[list[int]] = []
        for pid in self.sort(ids):
            if groups and self.f[groups[-1][0]].score == self.f[pid].score:
                groups[-1].append(pid)
            else:
                groups.append([pid])
        return groups

    # ------------------------------------------------------------ B1 / B2
    def may_get(self, pid: int, colour: Colour) -> bool:
        """B2: the colour keeps |CD| <= 2 and gives no colour three times in a row.

        Waived in the last round for players with more than 50 % (B2 note).
        """
        x = self.f[pid]
        if x.topscorer:
            return True
        cd = x.cd + (1 if colour is W else -1)
        if cd > 2 or cd < -2:  # B2a
            return False
        c = x.colours
        return not (len(c) >= 2 and c[-1] is colour and c[-2] is colour)  # B2b

    def compatible(self, a: int, b: int) -> bool:
        """B1a (no second game) and B2 (some colour allocation keeps both legal)."""
        if b in self.f[a].opponents:
            return False
        forbidden = self._forbidden
        if forbidden is None:
            forbidden = self._forbidden = self._forbidden_pairs()
        if forbidden and ((a, b) if a < b else (b, a)) in forbidden:
            return False
        oks = self._colours_ok
        ca = oks.get(a)
        if ca is None:
            ca = oks[a] = (self.may_get(a, W), self.may_get(a, B))
        cb = oks.get(b)
        if cb is None:
            cb = oks[b] = (self.may_get(b, W), self.may_get(b, B))
        return (ca[0] and cb[1]) or (ca[1] and cb[0])

    def _forbidden_pairs(self) -> set[tuple[int, int]]:
        """The pairs the arbiter forbade for this round (TRF XXP), as (low, high) ids."""
        out: set[tuple[int, int]] = set()
        for group in self.t.forbidden:
            if group.first_round <= self.rnd <= group.last_round:
                out.update(combinations(sorted(set(group.ids)), 2))
        return out

    def bye_allowed(self, pid: int) -> bool:
        """B1b: may this player receive the bye?"""
        return self.f[pid].bye_ok

    def conflict(self, a: int, b: int) -> bool:
        """B4: the pair cannot give both players their preferred colour."""
        ca, cb = self.f[a].pref_colour, self.f[b].pref_colour
        return ca is not Colour.NONE and ca is cb

    # ------------------------------------------------------------ completion
    def matching(self, ids: Iterable[int], hint: dict[int, int] | None = None) -> dict[int, int] | None:
        """A pairing of ``ids`` respecting B1/B2, with one B1b-eligible bye if odd.

        Returns ``{player: partner}`` (the bye's partner is ``0``) or None.
        """
        nodes = list(ids)
        n = len(nodes)
        odd = n % 2 == 1
        idx = {pid: i for i, pid in enumerate(nodes)}
        size = n + (1 if odd else 0)
        adj: list[list[int]] = [[] for _ in range(size)]
        for i in range(n):
            a = nodes[i]
            for j in range(i + 1, n):
                if self.compatible(a, nodes[j]):
                    adj[i].append(j)
                    adj[j].append(i)
        if odd:
            for i, a in enumerate(nodes):
                if self.f[a].bye_ok:
                    adj[i].append(n)
                    adj[n].append(i)
        start = None
        if hint:
            start = [-1] * size
            for a, b in hint.items():
                if a in idx and (b in idx or (b == 0 and odd)):
                    i = idx[a]
                    j = idx[b] if b != 0 else n
                    if start[i] == -1 and start[j] == -1 and j in adj[i]:
                        start[i], start[j] = j, i
        mate = max_matching(size, adj, start)
        if any(m == -1 for m in mate):
            return None
        return {nodes[i]: (nodes[mate[i]] if mate[i] < n else 0) for i in range(n)}

