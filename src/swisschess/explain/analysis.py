"""Post-hoc analysis of a Dutch-system round: why the pairing is what it is.

The engine (:mod:`swisschess.rules.dutch`) decides by weighted matching and
never lists candidates.  This module starts again from the state before the
round and the chosen pairing, and tells the story the rules tell:

1. the brackets, top down (Art. 1.3): the residents of each scoregroup plus
   the players left unpaired above (MDPs); which MDPs are paired (S1, Art.
   3.2) and which stay in the Limbo; the pairs with the colour rule that
   decided each (Art. 5.2); the downfloaters;
2. the quality criteria the chosen pairing does not fully meet in the bracket
   ([C6]-[C21]);
3. the candidates of the bracket in the order Art. 4 generates them (MDP sets
   4.4, transpositions 4.2, resident exchanges 4.3), from the natural first
   candidate S1[i]-S2[i] up to the chosen one, each with the reason it was
   rejected: an absolute criterion ([C1]-[C3]), completion ([C4]: the rest of
   the round could not be paired, tested by a maximum matching), or the first
   quality criterion ([C5]-[C21]) on which it does worse than the chosen one;
4. the PAB: [C2] eligibility, [C5] lowest score, [C9] fewest unplayed games.

Candidates whose first pairs already break [C1] or [C3] are reported as one
group ("1-4 2-5 ..."), so that the search reaches the chosen candidate quickly.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from fractions import Fraction

from swisschess.checking.checker import position_before, tournament_boards
from swisschess.explain.model import (
    BracketExplanation,
    CandidateInfo,
    FloatInfo,
    PabExplanation,
    PairInfo,
    PlayerInfo,
    RoundExplanation,
    Shortfall,
)
from swisschess.explain.oracle import Oracle
from swisschess.model.history import Float, requested_bye
from swisschess.model.tournament import Colour, Tournament
from swisschess.pairing import registry
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import InputError, PairingError
from swisschess.rules.dutch import Entrant, colour_of, entrants

W, B, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE

#: Quality criteria in their order of priority (Art. 2, Art. 3.8).
QUALITY = ("C5", "C6", "C7", "C8", "C9", "C10", "C11", "C12", "C13", "C14", "C15", "C16",
           "C17", "C18", "C19", "C20", "C21")
#: Rejected candidates listed per bracket after the natural one.
SHOWN = 4
#: Complete candidates judged per bracket at most.
BUDGET = 1000
#: Groups of candidates cut short ([C1]-[C3], or already worse) per bracket at most.
GROUP_BUDGET = 20000


#: The reason given to the candidates skipped once the search limit is reached.
GUIDED = ("-", "not examined in detail (search limit reached); every candidate generated "
               "before the chosen one is worse or breaks a criterion (Art. 3.8)")


class ExplainError(Exception):
    """The round cannot be explained as asked (bad round number, inconsistent pairing)."""


def pts(x: Fraction | float) -> str:
    """A score as arbiters write it: ``1.5``, ``2.0``."""
    f = float(x)
    return f"{f:.1f}" if Fraction(x).denominator <= 2 else f"{f:g}"


def _colour_word(c: Colour) -> str:
    return {W: "White", B: "Black"}.get(c, "none")


def _ids(players: Sequence[Entrant]) -> str:
    return ", ".join(str(p.id) for p in players)


def _and(items: Sequence) -> str:
    items = [str(x) for x in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ------------------------------------------------------------------ the state
@dataclass(slots=True)
class _Candidate:
    """A candidate pairing of one bracket (or a group sharing its first pairs)."""

    pairs: list[tuple[Entrant, Entrant]]  # (S1 player, S2 player) in generation order
    floaters: list[Entrant]
    complete: bool
    label: str
    broken: tuple[str, str] | None = None  # absolute criterion of a group

    def key(self) -> tuple[frozenset, frozenset]:
        return (frozenset(frozenset((a.id, b.id)) for a, b in self.pairs),
                frozenset(p.id for p in self.floaters))


@dataclass(slots=True)
class _Bracket:
    number: int
    score: Fraction
    mdps: list[Entrant]
    residents: list[Entrant]
    lower: list[Entrant]  # every player of the lower scoregroups
    next_ids: set[int]  # residents of the next scoregroup
    pairs: list[tuple[Entrant, Entrant]]  # chosen pairs (higher, lower)
    floaters: list[Entrant]
    is_last: bool
    mdp_ids: set[int] = field(default_factory=set)


class _Analysis:
    """The state of the round and the chosen pairing; builds the explanation."""

    def __init__(self, t: Tournament, rnd: int, edition: str, boards: list[tuple[int, int]],
                 bye: int | None) -> None:
        self.t, self.rnd, self.edition = t, rnd, edition
        players = entrants(t, rnd, edition)  # the engine's own view of the players
        self.players = players
        self.by_id = {p.id: p for p in players}
        played = rnd - 1
        total = t.rounds or rnd
        maxwin = max(t.points.win, t.points.draw)
        # Art. 1.8: topscorers (more than 50 %) exist only when pairing the final round
        self.final_round = played >= total - 1
        self.topscore_limit = Fraction(played) * maxwin / 2
        self.oracle = Oracle(self._compatible, (p.score for p in players))
        self.initial = t.initial_colour or W
        self.boards = boards
        self.bye = bye
        self._target: tuple[_Bracket, dict] | None = None
        #: after the search limit: (chosen pairs, paired MDPs, remainder S1) to go straight to
        self._guide: tuple[frozenset, set[int], set[int]] | None = None
        #: recorded pairs without colours (some forfeits): no colour to compare
        self.colourless: set[frozenset[int]] = set()
        #: the pairing explained is the engine's (so the best): candidates may be pruned
        self.trusted = False
        self.mate: dict[int, int | None] = {}
        self.white: set[int] = set()
        for w, b in boards:
            for x in (w, b):
                if x not in self.by_id:
                    raise ExplainError(f"round {rnd}: player {x} is paired but was not to be paired")
                if x in self.mate:
                    raise ExplainError(f"round {rnd}: player {x} is paired twice")
            self.mate[w], self.mate[b] = b, w
            self.white.add(w)
        if bye is not None:
            if bye not in self.by_id or bye in self.mate:
                raise ExplainError(f"round {rnd}: the PAB of player {bye} is inconsistent")
            self.mate[bye] = None
        missing = [p.id for p in players if p.id not in self.mate]
        if missing:
            raise ExplainError(f"round {rnd}: player(s) {', '.join(map(str, missing))} "
                               "to be paired but not in the pairing")

    def _compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C1] no rematch or forbidden pair; [C3] not both the same absolute
        preference, unless one of them is a topscorer in the final round (Art. 1.8)."""
        if b.id in a.forbidden or a.id in b.forbidden:
            return False
        if a.absolute and b.absolute and a.preference is b.preference:
            return self.final_round and max(a.score, b.score) > self.topscore_limit
        return True

    # ------------------------------------------------------------- wording
    def met_rounds(self, a: int, b: int) -> list[int]:
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
        if b.id in a.forbidden or a.id in b.forbidden:
            met = self.met_rounds(a.id, b.id)
            if met:
                rs = ", ".join(map(str, met))
                return "C1", f"{a.id} and {b.id} already played each other (round {rs})"
            return "C1", f"{a.id} and {b.id} may not meet (forbidden pair)"
        return "C3", (f"{a.id} and {b.id} both have an absolute preference for "
                      f"{_colour_word(a.preference)}")

    def preference(self, p: Entrant) -> str:
        if p.preference is NONE:
            return "none"
        kind = "absolute" if p.absolute else "strong" if p.strong else "mild"
        return f"{kind} {_colour_word(p.preference)}"

    def history(self, pid: int) -> str:
        out = []
        for r in range(1, self.rnd):
            e = self.t.players[pid].entry(r)
            out.append(e.colour.value.upper() if e is not None and e.played else "-")
        return "".join(out)

    @staticmethod
    def floats(p: Entrant) -> str:
        word = {Float.DOWN: "down", Float.UP: "up", Float.NONE: "-"}
        return f"{word[p.floats[0]]}, {word[p.floats[1]]}"

    def pab_bar(self, p: Entrant) -> str:
        """Why ``p`` may not receive the PAB ([C2])."""
        win = self.t.points.win
        for r, e in enumerate(self.t.players[p.id].results[: self.rnd - 1], 1):
            if e.is_pab:
                return f"had the PAB in round {r}"
        for r, e in enumerate(self.t.players[p.id].results[: self.rnd - 1], 1):
            if not e.played and e.code in "+F" or (
                    not e.played and self.t.points.points(e) >= win > 0):
                what = "a forfeit win" if e.code == "+" else "a full-point bye"
                return f"scored a win without playing in round {r} ({what})"
        return "may not receive the PAB"

    def unplayed(self, p: Entrant) -> int:
        return self.rnd - 1 - p.played_games

    # ------------------------------------------------------------- colours
    def colour_rule(self, hi: Entrant, lo: Entrant) -> tuple[str | None, str]:
        """The Art. 5.2 rule that gives ``hi`` (higher-ranked) his colour against ``lo``."""
        c = colour_of(hi, lo, self.initial)
        who = f"{hi.id} gets {_colour_word(c)}"
        if hi.preference is NONE and lo.preference is NONE:
            parity = "odd" if hi.rank % 2 == 0 else "even"
            return "5.2.5", (f"neither has a colour preference: the higher-ranked {hi.id} "
                             f"(TPN {parity}) gets {_colour_word(c)}")
        if hi.preference is NONE or lo.preference is NONE or hi.preference is not lo.preference:
            if hi.preference is NONE or lo.preference is NONE:
                has = lo if hi.preference is NONE else hi
                other = hi if has is lo else lo
                return "5.2.1", f"{other.id} has no preference; {has.id} gets his ({who})"
            return "5.2.1", f"both preferences granted ({who})"
        if hi.absolute != lo.absolute or (hi.absolute and hi.imbalance != lo.imbalance) or (
                hi.strong != lo.strong):
            if hi.absolute != lo.absolute:
                win = hi if hi.absolute else lo
                how = "absolute"
            elif hi.absolute:
                win = hi if hi.imbalance > lo.imbalance else lo
                how = "absolute, wider colour difference"
            else:
                win = hi if hi.strong else lo
                how = "strong"
            return "5.2.2", (f"both want {_colour_word(hi.preference)}: the stronger preference "
                             f"({win.id}, {how}) wins ({who})")
        for back, (ch, cl) in enumerate(zip(reversed(hi.colours), reversed(lo.colours), strict=False), 1):
            if ch is not cl:
                return "5.2.3", (f"same preference; they alternate from the latest game with "
                                 f"different colours ({back} game(s) back: {hi.id} "
                                 f"{_colour_word(ch)}, {lo.id} {_colour_word(cl)}): {who}")
        return "5.2.4", f"same preference, equally strong: the higher-ranked {hi.id} gets it ({who})"

    def cite(self, rule: str | None) -> str | None:
        if rule is None or self.edition == "2026":
            return rule
        if self.edition == "2017":
            return "E." + rule.rsplit(".", 1)[1]
        return None

    # ------------------------------------------------------------- quality
    def quality(self, br: _Bracket, pairs: Sequence[tuple[Entrant, Entrant]],
                floaters: Sequence[Entrant]) -> tuple[tuple[str, str] | None, dict]:
        """``(broken, values)``: the completion problem, or the criteria values.

        ``values`` maps each quality criterion to ``(value, players)``; a
        smaller value is better for every criterion.
        """
        rest = list(floaters) + br.lower
        ok, bye_score = self.oracle.min_bye_score(rest)
        if not ok:
            if br.is_last and len(floaters) == 1 and not floaters[0].bye_eligible:
                f = floaters[0]
                return ("C2", f"{f.id} would be left for the PAB, but he {self.pab_bar(f)}"), {}
            stuck = [p.id for p in floaters
                     if not any(self.oracle.compatible(p, q) for q in rest if q is not p)]
            txt = "the rest of the round could not be paired"
            if stuck:
                txt += f" ({_and(stuck)} would have no possible opponent left)"
            return ("C4", txt), {}
        q: dict[str, tuple] = {}
        q["C5"] = (bye_score if bye_score is not None else Fraction(-1), [])
        q["C6"] = (len(floaters), [p.id for p in floaters])
        q["C7"] = (tuple(sorted((p.score for p in floaters), reverse=True)), [p.id for p in floaters])
        if br.next_ids:
            nb = {p.id for p in floaters} | br.next_ids
            npairs, nscores = self.oracle.next_bracket(rest, nb, bye_score)
            q["C8"] = ((-npairs, nscores), [])
        else:
            q["C8"] = ((0, ()), [])
        c9 = 0
        if len(floaters) == 1 and bye_score is not None and floaters[0].score == bye_score:
            c9 = self.unplayed(floaters[0])
        q["C9"] = (c9, [floaters[0].id] if c9 else [])
        q.update(self.pair_values(br, pairs))
        for back, (cdown, sdown) in enumerate((("C14", "C18"), ("C16", "C20"))):
            res_down = [p for p in floaters if p.id not in br.mdp_ids and p.floats[back] is Float.DOWN]
            all_down = [p for p in floaters if p.floats[back] is Float.DOWN]
            q[cdown] = (len(res_down), [p.id for p in res_down])
            q[sdown] = (tuple(sorted((p.score for p in all_down), reverse=True)),
                        [p.id for p in all_down])
        return None, q

    def pair_values(self, br: _Bracket, pairs: Sequence[tuple[Entrant, Entrant]]) -> dict:
        """The criteria that depend on the pairs only: colours [C10]-[C13] (with the
        colours Art. 5.2 gives) and MDP opponents' upfloats [C15], [C17], [C19], [C21]."""
        q: dict[str, tuple] = {}
        c10, c11, c12, c13 = [], [], [], []
        for hi, lo in pairs:
            ch = colour_of(hi, lo, self.initial)
            for p, c in ((hi, ch), (lo, ch.opposite)):
                cd = sum(1 if x is W else -1 for x in p.colours) + (1 if c is W else -1)
                if abs(cd) > 2:
                    c10.append(p.id)
                if len(p.colours) >= 2 and p.colours[-1] is c and p.colours[-2] is c:
                    c11.append(p.id)
                if p.preference is not NONE and c is not p.preference:
                    c12.append(p.id)
                    if p.strong:
                        c13.append(p.id)
        q["C10"] = (len(c10), c10)
        q["C11"] = (len(c11), c11)
        q["C12"] = (len(c12), c12)
        q["C13"] = (len(c13), c13)
        for back, (cup, sup) in enumerate((("C15", "C19"), ("C17", "C21"))):
            up_opp = [(hi, lo) for hi, lo in pairs
                      if hi.id in br.mdp_ids and lo.floats[back] is Float.UP]
            q[cup] = (len(up_opp), [lo.id for _, lo in up_opp])
            q[sup] = (tuple(sorted((hi.score for hi, _ in up_opp), reverse=True)),
                      [hi.id for hi, _ in up_opp])
        return q

    @staticmethod
    def compare(cand: dict, chosen: dict) -> tuple[str | None, int]:
        """First criterion where ``cand`` differs from ``chosen``: (criterion, sign)."""
        for c in QUALITY:
            a, b = cand[c][0], chosen[c][0]
            if a != b:
                return c, (1 if a > b else -1)
        return None, 0

    def describe(self, crit: str, cand: dict, chosen: dict) -> str:
        """Why the candidate is worse (or better) than the chosen one on ``crit``."""
        (a, pa), (b, _) = cand[crit], chosen[crit]
        who = f": {_and(pa)}" if pa else ""

        def sc(v: tuple) -> str:
            return ", ".join(pts(x) for x in v) if v else "none"

        if crit == "C5":
            return (f"the PAB would go to a player with {pts(a)} points "
                    f"instead of {pts(b)}")
        if crit == "C6":
            return f"{a} player(s) would float down instead of {b}{who}"
        if crit == "C7":
            return f"the downfloaters would score {sc(a)} instead of {sc(b)}{who}"
        if crit == "C8":
            if a[0] != b[0]:
                return (f"the next bracket could make only {-a[0]} pair(s) instead of {-b[0]}")
            return (f"the next bracket's downfloaters would score {sc(a[1])} "
                    f"instead of {sc(b[1])}")
        if crit == "C9":
            return f"the PAB would go to a player with {a} unplayed game(s) instead of {b}{who}"
        texts = {
            "C10": "would get a colour difference beyond +2 or -2",
            "C11": "would get the same colour three times in a row",
            "C12": "would not get their colour preference",
            "C13": "would not get their strong colour preference",
            "C14": "who floated down last round would float down again",
            "C15": "who floated up last round would meet an MDP again (upfloat)",
            "C16": "who floated down two rounds ago would float down again",
            "C17": "who floated up two rounds ago would meet an MDP again (upfloat)",
        }
        if crit in texts:
            return f"{a} player(s) {texts[crit]} instead of {b}{who}"
        texts = {
            "C18": "downfloaters who also floated down last round",
            "C19": "MDPs whose opponents floated up last round",
            "C20": "downfloaters who also floated down two rounds ago",
            "C21": "MDPs whose opponents floated up two rounds ago",
        }
        return f"higher scores for {texts[crit]}: {sc(a)} instead of {sc(b)}{who}"

    def shortfalls(self, chosen: dict) -> list[Shortfall]:
        """The quality criteria the chosen pairing does not fully meet."""
        out = []
        words = {
            "C6": "player(s) float down",
            "C10": "player(s) get a colour difference beyond +2 or -2",
            "C11": "player(s) get the same colour three times in a row",
            "C12": "player(s) do not get their colour preference",
            "C13": "player(s) do not get their strong colour preference",
            "C14": "resident(s) float down again after a downfloat last round",
            "C15": "MDP opponent(s) float up again after an upfloat last round",
            "C16": "resident(s) float down again after a downfloat two rounds ago",
            "C17": "MDP opponent(s) float up again after an upfloat two rounds ago",
        }
        for crit, word in words.items():
            value, players = chosen[crit]
            if value:
                out.append(Shortfall(crit, value, list(players),
                                     f"[{crit}] {value} {word}: {_and(players)}"))
        for crit, word in (("C18", "downfloaters who floated down last round too"),
                           ("C19", "MDPs whose opponents floated up last round"),
                           ("C20", "downfloaters who floated down two rounds ago too"),
                           ("C21", "MDPs whose opponents floated up two rounds ago")):
            value, players = chosen[crit]
            if value:
                scores = ", ".join(pts(x) for x in value)
                out.append(Shortfall(crit, len(value), list(players),
                                     f"[{crit}] {word}: {_and(players)} (scores {scores})"))
        return out

    def bound(self, pairs: list[tuple[Entrant, Entrant]], s1_rest: Sequence[Entrant] = (),
              s2_rest: Sequence[Entrant] = ()) -> tuple[str, str] | None:
        """A criterion that every candidate starting with ``pairs`` does worse on
        than the chosen pairing: colours [C10]-[C13] and MDP opponents' upfloats
        [C15], [C17], [C19], [C21] can only grow as pairs are added; for [C12]
        also the fewest conflicts the S1 players still to pair (``s1_rest``) must
        have with the S2 players left (``s2_rest``).

        Used only when the chosen pairing is the engine's, so that it is the
        best: such a candidate is then rejected (on this or an earlier criterion).
        """
        target = self._target
        if target is None:
            return None
        br, chosen = target
        q = self.pair_values(br, pairs)
        for crit in ("C10", "C11", "C12", "C13", "C15", "C17", "C19", "C21"):
            if q[crit][0] > chosen[crit][0]:
                return crit, "already " + self.describe(crit, q, chosen)
            if crit == "C12" and s1_rest:
                more = _least_conflicts(s1_rest, s2_rest)
                if more and q[crit][0] + more > chosen[crit][0]:
                    return crit, (f"at least {q[crit][0] + more} player(s) would not get their "
                                  f"colour preference instead of {chosen[crit][0]}")
        return None

    def off_guide(self, pair: tuple[Entrant, Entrant]) -> tuple[str, str] | None:
        """After the search limit: every pair not in the chosen pairing ends a group."""
        if self._guide is not None and frozenset((pair[0].id, pair[1].id)) not in self._guide[0]:
            return GUIDED
        return None

    def bound_remainder(self, pairs: list[tuple[Entrant, Entrant]], rem: Sequence[Entrant],
                        p: int) -> tuple[str, str] | None:
        """[C12] bound for an MDP pairing: its pairs plus the fewest conflicts of
        any ``p`` pairs among the remainder ``rem``."""
        target = self._target
        if target is None:
            return None
        _, chosen = target
        have = self.pair_values(target[0], pairs)["C12"][0]
        w = sum(1 for x in rem if x.preference is W)
        b = sum(1 for x in rem if x.preference is B)
        z = len(rem) - w - b
        surplus = abs(w - b) - min(abs(w - b), z)
        floaters = len(rem) - 2 * p
        more = max(0, surplus - floaters) // 2
        if more and have + more > chosen["C12"][0]:
            return "C12", (f"at least {have + more} player(s) would not get their colour "
                           f"preference instead of {chosen['C12'][0]}")
        return None

    # --------------------------------------------------------- generation
    def generate(self, mdps: list[Entrant], residents: list[Entrant], m1: int,
                 p: int) -> Iterator[_Candidate]:
        """The bracket's candidates in Art. 4 order: MDP sets (4.4), S2
        transpositions of the MDP pairing (4.2), then the remainder's resident
        exchanges (4.3) and transpositions (4.2)."""
        for k, mset in enumerate(itertools.combinations(mdps, m1)):
            ids = {x.id for x in mset}
            limbo = [x for x in mdps if x.id not in ids]
            label = f"MDP set {_ids(mset)} (Art. 4.4)" if k else ""
            if self._guide is not None and ids != self._guide[1]:
                yield _Candidate([], limbo, False, label, GUIDED)
                continue
            yield from self._mdp_pairings(list(mset), residents, limbo, p, label)

    def _mdp_pairings(self, s1: list[Entrant], residents: list[Entrant], limbo: list[Entrant],
                      p: int, set_label: str) -> Iterator[_Candidate]:
        def rec(i: int, used: frozenset, pairs: list, moved: bool) -> Iterator[_Candidate]:
            if i == len(s1):
                rem = [r for r in residents if r.id not in used]
                label = _join(set_label, "MDP transposition (Art. 4.2)" if moved else "")
                broken = self.bound_remainder(pairs, rem, p)
                if broken:
                    yield _Candidate(pairs, limbo, False, label, broken)
                    return
                for c in self._remainder(rem, p, pairs):
                    yield _Candidate(pairs + c.pairs, limbo + c.floaters, c.complete,
                                     _join(label, c.label), c.broken)
                return
            natural = [r for r in residents if r.id not in used]
            for r in residents:
                if r.id in used:
                    continue
                pair = (s1[i], r)
                broken = self.off_guide(pair) or self.why_incompatible(*pair) or self.bound(
                    pairs + [pair])
                m = moved or r is not natural[0]
                if broken:
                    yield _Candidate(pairs + [pair], [], False,
                                     _join(set_label, "MDP transposition" if m else ""), broken)
                    continue
                yield from rec(i + 1, used | {r.id}, pairs + [pair], m)

        yield from rec(0, frozenset(), [], False)

    def _remainder(self, rem: list[Entrant], p: int, prefix: list) -> Iterator[_Candidate]:
        s1, s2 = rem[:p], rem[p:]
        for label, a1, a2 in self._exchanges(s1, s2):
            if self._guide is not None and {x.id for x in a1} != self._guide[2]:
                yield _Candidate([], [], False, label, GUIDED)
                continue
            yield from self._transpositions(a1, a2, label, prefix)

    @staticmethod
    def _exchanges(s1: list[Entrant], s2: list[Entrant]) -> Iterator[tuple[str, list, list]]:
        """Art. 4.3: no exchange, then resident exchanges between the original
        S1 and S2: fewest players, smallest difference of the BSN sums, the
        highest BSNs out of S1, the lowest out of S2."""
        yield "", s1, s2
        bsn = {x.id: k + 1 for k, x in enumerate(s1 + s2)}
        for k in range(1, min(len(s1), len(s2)) + 1):
            if math.comb(len(s1), k) * math.comb(len(s2), k) > 20000:
                return
            options = []
            for out in itertools.combinations(s1, k):
                for inn in itertools.combinations(s2, k):
                    a = sorted((bsn[x.id] for x in out), reverse=True)
                    b = sorted(bsn[x.id] for x in inn)
                    options.append(((sum(b) - sum(a), [-x for x in a], b), out, inn))
            options.sort(key=lambda o: o[0])
            for _, out, inn in options:
                oid, iid = {x.id for x in out}, {x.id for x in inn}
                n1 = sorted([x for x in s1 if x.id not in oid] + list(inn), key=lambda x: bsn[x.id])
                n2 = sorted([x for x in s2 if x.id not in iid] + list(out), key=lambda x: bsn[x.id])
                label = f"exchange {_ids(out)} <-> {_ids(inn)} (Art. 4.3)"
                yield label, n1, n2

    def _transpositions(self, s1: list[Entrant], s2: list[Entrant], label: str,
                        prefix: list) -> Iterator[_Candidate]:
        def rec(i: int, used: frozenset, pairs: list, moved: bool) -> Iterator[_Candidate]:
            if i == len(s1):
                floaters = [x for x in s2 if x.id not in used]
                yield _Candidate(pairs, floaters, True,
                                 _join(label, "transposition (Art. 4.2)" if moved else ""))
                return
            natural = [r for r in s2 if r.id not in used]
            for r in s2:
                if r.id in used:
                    continue
                pair = (s1[i], r)
                m = moved or r is not natural[0]
                broken = self.off_guide(pair) or self.why_incompatible(*pair) or self.bound(
                    prefix + pairs + [pair], s1[i + 1:],
                    [x for x in s2 if x.id not in used and x is not r])
                if broken:
                    yield _Candidate(pairs + [pair], [], False, label, broken)
                    continue
                yield from rec(i + 1, used | {r.id}, pairs + [pair], m)

        broken = self.bound(prefix, s1, s2) if s1 else None
        if broken:
            yield _Candidate([], [], False, label, broken)
            return
        yield from rec(0, frozenset(), [], False)

    # ------------------------------------------------------------ brackets
    def brackets(self) -> list[_Bracket]:
        groups: list[tuple[Fraction, list[Entrant]]] = []
        for p in self.players:
            if groups and groups[-1][0] == p.score:
                groups[-1][1].append(p)
            else:
                groups.append((p.score, [p]))
        out = []
        carry: list[Entrant] = []
        for k, (score, residents) in enumerate(groups):
            members = carry + residents
            ids = {p.id for p in members}
            res_ids = {p.id for p in residents}
            pairs = []
            paired = set()
            for p in members:
                m = self.mate.get(p.id)
                if m is None or m not in ids or p.id in paired:
                    continue
                if p.id not in res_ids and m not in res_ids:
                    continue
                hi, lo = sorted((p, self.by_id[m]), key=lambda x: (-x.score, x.rank))
                pairs.append((hi, lo))
                paired.update((p.id, m))
            pairs.sort(key=lambda pr: (-pr[0].score, pr[0].rank))
            floaters = [p for p in members if p.id not in paired]
            lower = [p for _, g in groups[k + 1:] for p in g]
            next_ids = {p.id for p in groups[k + 1][1]} if k + 1 < len(groups) else set()
            out.append(_Bracket(k + 1, score, list(carry), residents, lower, next_ids, pairs,
                                floaters, k + 1 == len(groups), {p.id for p in carry}))
            carry = floaters
        return out

    def explain_bracket(self, br: _Bracket, full: bool) -> BracketExplanation:
        players = [PlayerInfo(p.id, self.t.players[p.id].name, float(p.score),
                              "MDP" if p.id in br.mdp_ids else "resident", self.history(p.id),
                              self.preference(p), self.floats(p), p.bye_eligible)
                   for p in br.mdps + br.residents]
        mdp_pairs = [(hi, lo) for hi, lo in br.pairs if hi.id in br.mdp_ids]
        rem_pairs = [(hi, lo) for hi, lo in br.pairs if hi.id not in br.mdp_ids]
        paired_mdps = [hi for hi, _ in mdp_pairs]
        paired_mdp_ids = {x.id for x in paired_mdps}
        limbo = [x for x in br.mdps if x.id not in paired_mdp_ids]
        pairs = []
        for hi, lo in br.pairs:
            white = hi.id if hi.id in self.white else lo.id
            black = lo.id if white == hi.id else hi.id
            rule, why = self.colour_rule(hi, lo)
            if self.edition == "1992":
                rule, why = None, f"{white} has White (1992 colour rules)"
            else:
                expect = colour_of(hi, lo, self.initial)
                actual = W if white == hi.id else B
                if actual is not expect and frozenset((hi.id, lo.id)) not in self.colourless:
                    why += f" — but the pairing gives {hi.id} {_colour_word(actual)}"
            pairs.append(PairInfo(white, black, hi.id, lo.id,
                                  "MDP pairing" if hi.id in br.mdp_ids else "resident pair",
                                  self.cite(rule), why))
        notes: list[str] = []
        structure: list[str] = []
        candidates: list[CandidateInfo] = []
        shortfalls: list[Shortfall] = []
        summary: dict[str, int] = {}
        examined = 0
        reached = True
        limbo_reason: dict[int, str] = {}
        if full and len(br.mdps) + len(br.residents) > 1:
            broken, chosen_q = self.quality(br, br.pairs, br.floaters)
            if broken:
                notes.append(f"The pairing breaks [{broken[0]}]: {broken[1]}.")
            else:
                shortfalls = self.shortfalls(chosen_q)
                structure = self.structure(br, mdp_pairs, rem_pairs, paired_mdps)
                notes.extend(self.pair_count_notes(br, len(br.pairs)))
                (candidates, summary, examined, reached,
                 limbo_reason) = self.candidates(br, mdp_pairs, rem_pairs, paired_mdps, chosen_q)
        natural = candidates[0] if candidates else None
        floaters = [self.float_info(br, p, limbo_reason, notes, natural) for p in br.floaters]
        return BracketExplanation(
            number=br.number, score=float(br.score), players=players,
            mdps=[p.id for p in br.mdps], mdps_paired=[p.id for p in paired_mdps],
            limbo=[p.id for p in limbo], pairs=pairs, floaters=floaters,
            structure=structure, notes=notes, shortfalls=shortfalls, candidates=candidates,
            rejected_summary=summary, candidates_examined=examined, chosen_reached=reached)

    def structure(self, br: _Bracket, mdp_pairs, rem_pairs, paired_mdps) -> list[str]:
        """How the chosen pairing is generated from the natural one (Art. 3.2, 4.2-4.4)."""
        out = []
        m1 = len(mdp_pairs)
        if br.mdps:
            first = br.mdps[:m1]
            if m1 == 0:
                out.append("No MDP is paired here (M1 = 0): all stay in the Limbo.")
            elif [x.id for x in first] == [x.id for x in paired_mdps]:
                out.append(f"S1 of the MDP pairing: {_ids(paired_mdps)} (the first {m1} MDP(s), Art. 3.2).")
            else:
                out.append(f"S1 of the MDP pairing: {_ids(paired_mdps)}, not the first {m1} "
                           f"MDP(s) {_ids(first)}: a later MDP set (Art. 4.4).")
            used = {lo.id for _, lo in mdp_pairs}
            natural = br.residents[:m1]
            got = [lo for _, lo in sorted(mdp_pairs, key=lambda pr: (-pr[0].score, pr[0].rank))]
            if m1 and [x.id for x in got] != [x.id for x in natural]:
                out.append(f"MDP opponents {_ids(got)} instead of {_ids(natural)}: "
                           "transposition in S2 (Art. 4.2).")
            rem = [r for r in br.residents if r.id not in used]
        else:
            rem = list(br.residents)
        p = len(rem_pairs)
        if not rem:
            return out
        s1, s2 = rem[:p], rem[p:]
        his = {hi.id for hi, _ in rem_pairs}
        out_of_s1 = [x for x in s1 if x.id not in his]
        into_s1 = [x for x in s2 if x.id in his]
        where = "remainder" if br.mdps else "bracket"
        if p == 0:
            out.append(f"No pair is made in the {where}.")
            return out
        out.append(f"{where.capitalize()}: S1 = {_ids(s1)}, S2 = {_ids(s2)} (Art. 3.2).")
        if out_of_s1:
            out.append(f"Exchange: {_ids(out_of_s1)} moved from S1 to S2 and "
                       f"{_ids(into_s1)} from S2 to S1 (Art. 4.3).")
        new_s1 = sorted(s1 + into_s1, key=lambda x: x.rank)
        new_s1 = [x for x in new_s1 if x.id in his]
        new_s2 = sorted([x for x in s2 if x.id not in his] + out_of_s1, key=lambda x: x.rank)
        opp = {hi.id: lo for hi, lo in rem_pairs}
        got = [opp[x.id] for x in new_s1]
        if [x.id for x in got] != [x.id for x in new_s2[: len(got)]]:
            out.append(f"S2 order {_ids(got)} instead of {_ids(new_s2[:len(got)])}: "
                       "transposition (Art. 4.2).")
        return out

    def pair_count_notes(self, br: _Bracket, made: int) -> list[str]:
        """Why the bracket makes fewer pairs than half its players ([C1]-[C4], [C5])."""
        members = br.mdps + br.residents
        res_ids = {p.id for p in br.residents}
        ideal = min(len(members) // 2, len(br.residents))
        if made >= ideal:
            return []
        bracket_ids = {p.id for p in members}
        alone = [p for p in members if not any(
            self.oracle.compatible(p, q) for q in members if q is not p
            and (p.id in res_ids or q.id in res_ids))]
        most = self.oracle.max_pairs_within(members, bracket_ids,
                                            bye=lambda p: True) if len(members) > 1 else 0
        notes = []
        if alone:
            notes.append(f"{_and([p.id for p in alone])}: no compatible opponent in this "
                         "bracket ([C1]/[C3]).")
        if most <= made:
            notes.append(f"At most {made} pair(s) can be made in this bracket ([C1]/[C3]).")
            return notes
        everyone = members + br.lower
        with_rest = self.oracle.max_pairs_within(everyone, bracket_ids)
        if with_rest <= made:
            notes.append(f"{most} pair(s) are possible here, but with {made + 1} the rest "
                         "of the round could not be paired ([C4]).")
            return notes
        _, bye_score = self.oracle.min_bye_score(everyone)
        if bye_score is not None:
            with_c5 = self.oracle.max_pairs_within(
                everyone, bracket_ids, bye=lambda p: p.bye_eligible and p.score == bye_score)
            if with_c5 <= made:
                notes.append(f"With {made + 1} pair(s) here the PAB would have to go to a "
                             f"player with more than {pts(bye_score)} points ([C5]).")
        return notes

    def candidates(self, br: _Bracket, mdp_pairs, rem_pairs, paired_mdps,
                   chosen_q: dict) -> tuple[list[CandidateInfo], dict[str, int], int, bool, dict]:
        """The natural candidate and the next ones, with the reason each was rejected."""
        m1, p = len(mdp_pairs), len(rem_pairs)
        chosen = _Candidate(list(br.pairs), list(br.floaters), True, "")
        chosen_key = chosen.key()
        # the natural candidate (Art. 3.2 / 4.2): S1[i] - S2[i]
        # with as many pairs as the bracket can hold (MaxPairs, Art. 3.1)
        nm1 = min(len(br.mdps), len(br.residents))
        nat_rem = br.residents[nm1:]
        np_ = len(nat_rem) // 2
        nat_pairs = list(zip(br.mdps[:nm1], br.residents[:nm1], strict=False)) + list(
            zip(nat_rem[:np_], nat_rem[np_:2 * np_], strict=False))
        nat_float = br.mdps[nm1:] + nat_rem[2 * np_:]
        natural = _Candidate(nat_pairs, nat_float, True, "natural (Art. 4.2)")
        out: list[CandidateInfo] = []
        summary: dict[str, int] = {}
        limbo_reason: dict[int, str] = {}

        def info(c: _Candidate, verdict: str, crit: str | None, reason: str) -> CandidateInfo:
            return CandidateInfo(c.label or "candidate", [[a.id, b.id] for a, b in c.pairs],
                                 [x.id for x in c.floaters], c.complete, verdict, crit, reason)

        def judge(c: _Candidate) -> tuple[str, str | None, str]:
            if c.broken:
                return "rejected", c.broken[0], f"[{c.broken[0]}] {c.broken[1]}"
            broken = [b for b in (self.why_incompatible(a, b) for a, b in c.pairs) if b]
            if broken:
                crit = min(x[0] for x in broken)
                return "rejected", crit, "; ".join(f"[{k}] {t}" for k, t in broken)
            bad, q = self.quality(br, c.pairs, c.floaters)
            if bad:
                return "rejected", bad[0], f"[{bad[0]}] {bad[1]}"
            crit, sign = self.compare(q, chosen_q)
            if crit is None:
                return "equal", None, ("as good as the chosen pairing on every criterion and "
                                       "generated earlier (Art. 3.8)")
            text = f"[{crit}] {self.describe(crit, q, chosen_q)}"
            if sign < 0:
                return "better", crit, text + " — better than the chosen pairing"
            return "rejected", crit, text

        if natural.key() == chosen_key:
            out.append(info(natural, "chosen", None,
                            "the natural pairing meets the absolute criteria and is the best"))
            return out, summary, 1, True, limbo_reason
        verdict, crit, reason = judge(natural)
        out.append(info(natural, verdict, crit, reason))
        nat_ids = [(a.id, b.id) for a, b in nat_pairs]
        seen = {natural.key()}
        self._target = (br, chosen_q) if self.trusted else None
        limbo_ids = br.mdp_ids - {x.id for x in paired_mdps}
        examined = 0
        reached = False
        shown = 0
        shown_crits: set[str | None] = {crit}
        full = groups = 0
        for c in self.generate(br.mdps, br.residents, m1, p):
            examined += 1
            if c.complete:
                full += 1
            else:
                groups += 1
            if (full > BUDGET or groups > GROUP_BUDGET) and self._guide is None:
                if not self.trusted:
                    examined -= 1
                    break
                self._guide = (frozenset(frozenset((a.id, b.id)) for a, b in br.pairs),
                               {hi.id for hi, _ in mdp_pairs}, {hi.id for hi, _ in rem_pairs})
            if c.complete:
                key = c.key()
                if key == chosen_key:
                    reached = True
                    label = c.label or "first candidate"
                    out.append(info(c, "chosen", None, f"chosen: {label}; every earlier "
                                    "candidate breaks a criterion or is worse"))
                    break
                if key in seen:
                    examined -= 1
                    continue
                seen.add(key)
                verdict, crit, reason = judge(c)
            else:
                verdict, crit, reason = judge(c)
            summary[crit or "-"] = summary.get(crit or "-", 0) + 1
            for x, _ in c.pairs:
                if x.id in limbo_ids and x.id not in limbo_reason:
                    limbo_reason[x.id] = reason
            prefix = [(a.id, b.id) for a, b in c.pairs]
            if not c.complete and prefix == nat_ids[: len(prefix)] and c.broken:
                continue  # the natural candidate's own group, already shown
            if shown < SHOWN or verdict != "rejected" or (
                    crit not in shown_crits and crit != "-" and shown < SHOWN + 3):
                out.append(info(c, verdict, crit, reason))
                shown += 1
                shown_crits.add(crit)
        self._target = None
        self._guide = None
        if not reached:
            out.append(info(chosen, "chosen", None,
                            f"chosen; it comes after the first {examined} candidates "
                            "examined, all rejected"))
        return out, summary, examined, reached, limbo_reason

    def float_info(self, br: _Bracket, p: Entrant, limbo_reason: dict[int, str],
                   notes: Sequence[str] = (), natural: CandidateInfo | None = None) -> FloatInfo:
        m = self.mate.get(p.id)
        if m is None:
            outcome = "receives the PAB"
        else:
            o = self.by_id[m]
            outcome = f"paired with {o.id} in the {pts(o.score)} bracket"
        members = br.mdps + br.residents
        res_ids = {x.id for x in br.residents}
        others = [q for q in members if q is not p and (p.id in res_ids or q.id in res_ids)]
        blocked = [(q, self.why_incompatible(p, q)) for q in others]
        free = [q for q, b in blocked if b is None]
        role = "MDP" if p.id in br.mdp_ids else "resident"
        if not others:
            reason = "nobody to pair him with in this bracket"
        elif not free:
            reason = "no compatible opponent in this bracket: " + "; ".join(
                f"[{b[0]}] {b[1]}" for _, b in blocked)
        elif role == "MDP" and len(br.residents) <= sum(
                1 for hi, _ in br.pairs if hi.id in br.mdp_ids):
            paired = [hi.id for hi, _ in br.pairs if hi.id in br.mdp_ids]
            reason = (f"only {len(br.residents)} resident(s) for {len(br.mdps)} MDPs, so "
                      f"{len(paired)} MDP(s) can be paired here; the MDP set {_and(paired)} is "
                      "chosen (Art. 4.4: the highest scores first, [C7])")
        elif role == "MDP" and p.id in limbo_reason:
            reason = (f"could meet {_ids(free)} here, but the candidates that pair him are "
                      f"rejected, the first because {limbo_reason[p.id]}")
        elif notes and ("[C4]" in notes[-1] or "[C5]" in notes[-1]):
            note = notes[-1].rstrip(".")
            reason = f"could meet {_ids(free)} here, but: {note[0].lower()}{note[1:]}"
        elif len(members) % 2 and len(br.floaters) == 1:
            reason = "odd number of players in the bracket: one must float ([C6]); "
            if natural is None or natural.verdict == "chosen" or p.id in natural.floaters:
                reason += "in Art. 4 order the last player of S2 floats first"
            else:
                reason += (f"in the natural candidate {_and(natural.floaters) or 'nobody'} "
                           f"would float, but it is rejected: {natural.reason}")
        else:
            reason = f"could meet {_ids(free)} here; floating him gives the best pairing (see the candidates)"
        return FloatInfo(p.id, role, outcome, reason)

    # ------------------------------------------------------------------ PAB
    def pab(self) -> PabExplanation | None:
        if self.bye is None:
            return None
        p = self.by_id[self.bye]
        reasons = []
        inel = [x for x in self.players if not x.bye_eligible]
        if inel:
            reasons.append("[C2] may not receive the PAB: " + "; ".join(
                f"{x.id} {self.pab_bar(x)}" for x in inel) + ".")
        else:
            reasons.append("[C2] every player may receive the PAB.")
        ok, best = self.oracle.min_bye_score(self.players)
        if ok and best is not None:
            lower = sorted({x.score for x in self.players if x.bye_eligible and x.score < best})
            txt = f"[C5] the lowest score with which the round can be completed is {pts(best)}"
            if lower:
                txt += (f"; a PAB at {', '.join(pts(s) for s in lower)} points would leave "
                        "players who cannot be paired ([C4])")
            reasons.append(txt + ".")
            if p.score != best:
                reasons.append(f"The PAB goes to {p.id} with {pts(p.score)} points although "
                               f"{pts(best)} was possible: not as the rules require.")
        same = [x for x in self.players if x.bye_eligible and x.score == p.score]
        if len(same) > 1:
            counts = ", ".join(f"{x.id} ({self.unplayed(x)})" for x in same)
            fewest = min(self.unplayed(x) for x in same)
            txt = f"[C9] unplayed games of the eligible players with {pts(p.score)} points: {counts}"
            if self.unplayed(p) == fewest:
                tied = [x for x in same if self.unplayed(x) == fewest]
                if len(tied) > 1:
                    txt += (f"; {_and([x.id for x in tied])} tie, and the pairing of the last "
                            f"bracket leaves {p.id} (Art. 4: the lowest-ranked floats first)")
            else:
                txt += f"; {p.id} does not have the fewest"
            reasons.append(txt + ".")
        elif same:
            reasons.append(f"{p.id} is the only eligible player with {pts(p.score)} points.")
        return PabExplanation(p.id, float(p.score), reasons, [x.id for x in inel])


def _least_conflicts(s1: Sequence[Entrant], s2: Sequence[Entrant]) -> int:
    """Fewest players without their colour preference ([C12]) when each of ``s1``
    meets a different player of ``s2`` (at least as many): same preferences clash."""
    aw = sum(1 for p in s1 if p.preference is W)
    ab = sum(1 for p in s1 if p.preference is B)
    bw = sum(1 for p in s2 if p.preference is W)
    bb = sum(1 for p in s2 if p.preference is B)
    b0 = len(s2) - bw - bb
    x, y = min(aw, bb), min(ab, bw)
    left = aw - x + ab - y
    return left - min(left, b0)


_PLURAL = re.compile(r"\b(\d+) ([A-Za-z]+(?: opponent)?)\(s\)( (?:do not|float|get|are)\b)?")
_SINGULAR_VERB = {" do not": " does not", " float": " floats", " get": " gets", " are": " is"}


def _number(text: str) -> str:
    """``1 player(s) do not`` -> ``1 player does not``; ``3 pair(s)`` -> ``3 pairs``."""
    def fix(m: re.Match) -> str:
        n, word, verb = m.group(1), m.group(2), m.group(3) or ""
        if n == "1":
            return f"{n} {word}{_SINGULAR_VERB.get(verb, verb)}"
        return f"{n} {word}s{verb}"

    return _PLURAL.sub(fix, text)


def _tidy(obj):
    """Apply :func:`_number` to every text of an explanation (in place)."""
    if is_dataclass(obj):
        for f in fields(obj):
            v = getattr(obj, f.name)
            if isinstance(v, str):
                setattr(obj, f.name, _number(v))
            else:
                _tidy(v)
    elif isinstance(obj, list):
        for k, v in enumerate(obj):
            if isinstance(v, str):
                obj[k] = _number(v)
            else:
                _tidy(v)
    return obj


def _join(*parts: str) -> str:
    return ", ".join(x for x in parts if x)


# --------------------------------------------------------------------- API
def explain_round(t: Tournament, rnd: int | None = None, edition: str = "2026") -> RoundExplanation:
    """Explain the pairing of round ``rnd`` of ``t`` (Dutch system).

    Without ``rnd`` (or with the next round's number) the next round is paired
    now by :func:`swisschess.pairing.api.pair_round` and explained; with the
    number of a recorded round, that round is explained as recorded, from the
    tournament as it was before it (:func:`~swisschess.checking.position_before`).
    The full candidate analysis follows the 2026 rules; for ``"2017"`` and
    ``"1992"`` the brackets, floats, pairs and colours are described only.

    Raises :class:`ExplainError` for a round that does not exist or a
    recorded pairing that does not fit the players, and
    :class:`~swisschess.pairing.result.PairingError` when the next round cannot
    be paired.
    """
    editions = registry.editions("dutch")
    if edition not in editions:
        raise ExplainError(f"unknown edition {edition!r} (use {', '.join(editions)})")
    recorded = t.rounds_recorded()
    notes: list[str] = []
    colourless: set[frozenset[int]] = set()
    if rnd is None or rnd == recorded + 1:
        rnd = recorded + 1
        before = t
        pairing = pair_round(t, "dutch", edition)
        boards, bye, source = list(pairing.boards), pairing.bye, "engine"
        not_paired = [[pid, code] for pid, code in pairing.unpaired]
    elif 1 <= rnd <= recorded:
        before = position_before(t, rnd)
        recorded_boards, colourless = tournament_boards(t, rnd)
        boards = [(w, b) for w, b in recorded_boards if b != 0]
        pabs = [w for w, b in recorded_boards if b == 0]
        if len(pabs) > 1:
            raise ExplainError(f"round {rnd} has more than one PAB")
        bye, source = (pabs[0] if pabs else None), "file"
        paired = {x for wb in boards for x in wb} | set(pabs)
        not_paired = []
        for pid in sorted(t.players):
            if pid in paired:
                continue
            e = requested_bye(before, pid, rnd)
            not_paired.append([pid, e.code if e else "Z"])
        try:
            engine = pair_round(before, "dutch", edition)
        except (PairingError, InputError) as e:
            notes.append(f"swisschess finds no valid pairing for this round ({e}).")
        else:
            mine = {frozenset(b) for b in engine.boards}
            theirs = {frozenset(b) for b in boards}
            if mine != theirs or engine.bye != bye:
                diff = sorted(tuple(sorted(x)) for x in mine - theirs)
                notes.append("swisschess would pair this round differently: "
                             + ", ".join(f"{a}-{b}" for a, b in diff)
                             + (f"; PAB {engine.bye}" if engine.bye != bye and engine.bye else "")
                             + ". The explanation below is of the recorded pairing.")
            elif set(engine.boards) != set(boards):
                notes.append("swisschess would pair the same players but give some other colours.")
    else:
        last = f"rounds 1-{recorded} are recorded, " if recorded else ""
        raise ExplainError(f"there is no round {rnd} to explain ({last}round {recorded + 1} is next)")
    if before.rounds is None:
        before.rounds = t.rounds
    a = _Analysis(before, rnd, edition, boards, bye)
    a.colourless = colourless
    a.trusted = source == "engine" or not notes
    full = edition == "2026"
    if not full:
        notes.append(f"{edition} rules: brackets, floats and colours only; the candidate "
                     "analysis follows the 2026 rules.")
    brackets = [a.explain_bracket(br, full) for br in a.brackets()] if a.players else []
    # board order as paired
    return _tidy(RoundExplanation(round=rnd, edition=edition, source=source, players=len(a.players),
                            boards=[[w, b] for w, b in boards], bye=bye, not_paired=not_paired,
                            brackets=brackets, pab=a.pab(), notes=notes))
