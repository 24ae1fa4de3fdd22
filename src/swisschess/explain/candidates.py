"""A bracket's candidates in the order Art. 4 generates them, each judged.

From the natural candidate S1[i]-S2[i] on, :class:`CandidateSearch` generates
the candidates (MDP sets 4.4, transpositions 4.2, resident exchanges 4.3) up
to the chosen one and gives each the reason it was rejected: an absolute
criterion ([C1]-[C3]), completion ([C4]), or the first quality criterion on
which it does worse than the chosen pairing.

Candidates whose first pairs already break [C1] or [C3] are reported as one
group ("1-4 2-5 ..."), so that the search reaches the chosen candidate
quickly.  When the pairing explained is the engine's (so the best), a group is
also cut as soon as its pairs make it worse on a criterion that can only grow
([C10]-[C13], [C15], [C17], [C19], [C21]: :meth:`CandidateSearch.bound`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from swisschess.explain import wording
from swisschess.explain.brackets import Bracket, Pair
from swisschess.explain.criteria import Values, compare, least_conflicts, pair_values, quality
from swisschess.explain.model import CandidateInfo
from swisschess.explain.state import RoundState
from swisschess.model.tournament import Colour
from swisschess.rules.dutch import Entrant

W, B = Colour.WHITE, Colour.BLACK

#: Rejected candidates listed per bracket after the natural one.
SHOWN = 4
#: Complete candidates judged per bracket at most.
BUDGET = 1000
#: Groups of candidates cut short ([C1]-[C3], or already worse) per bracket at most.
GROUP_BUDGET = 20000


@dataclass(slots=True)
class Candidate:
    """A candidate pairing of one bracket (or a group sharing its first pairs)."""

    pairs: list[Pair]  # (S1 player, S2 player) in generation order
    floaters: list[Entrant]
    complete: bool
    label: str
    broken: tuple[str, str] | None = None  # absolute criterion of a group

    def key(self) -> tuple[frozenset, frozenset]:
        return (frozenset(frozenset((a.id, b.id)) for a, b in self.pairs),
                frozenset(p.id for p in self.floaters))


@dataclass(slots=True)
class CandidateReport:
    """What :meth:`CandidateSearch.run` found in one bracket."""

    candidates: list[CandidateInfo]
    summary: dict[str, int]  # rejected candidates by criterion
    examined: int
    reached: bool  # the chosen candidate was generated
    limbo_reason: dict[int, str]  # MDP left in the Limbo -> why the first pairing him failed


class CandidateSearch:
    """The candidates of one bracket, generated and judged against the chosen pairing."""

    def __init__(self, state: RoundState, br: Bracket, chosen_q: Values) -> None:
        self.state, self.br, self.chosen_q = state, br, chosen_q
        #: the chosen pairing's values, when candidates may be cut by a bound
        self._target: Values | None = None
        #: after the search limit: (chosen pairs, paired MDPs, remainder S1) to go straight to
        self._guide: tuple[frozenset, set[int], set[int]] | None = None

    # ---------------------------------------------------------- bounds
    def bound(self, pairs: list[Pair], s1_rest: Sequence[Entrant] = (),
              s2_rest: Sequence[Entrant] = ()) -> tuple[str, str] | None:
        """A criterion that every candidate starting with ``pairs`` does worse on
        than the chosen pairing: colours [C10]-[C13] and MDP opponents' upfloats
        [C15], [C17], [C19], [C21] can only grow as pairs are added; for [C12]
        also the fewest conflicts the S1 players still to pair (``s1_rest``) must
        have with the S2 players left (``s2_rest``).

        Used only when the chosen pairing is the engine's, so that it is the
        best: such a candidate is then rejected (on this or an earlier criterion).
        """
        chosen = self._target
        if chosen is None:
            return None
        q = pair_values(self.state, self.br, pairs)
        for crit in ("C10", "C11", "C12", "C13", "C15", "C17", "C19", "C21"):
            if q[crit][0] > chosen[crit][0]:
                return crit, wording.already(wording.describe(crit, q, chosen))
            if crit == "C12" and s1_rest:
                more = least_conflicts(s1_rest, s2_rest)
                if more and q[crit][0] + more > chosen[crit][0]:
                    return crit, wording.at_least_without_preference(q[crit][0] + more,
                                                                     chosen[crit][0])
        return None

    def off_guide(self, pair: Pair) -> tuple[str, str] | None:
        """After the search limit: every pair not in the chosen pairing ends a group."""
        if self._guide is not None and frozenset((pair[0].id, pair[1].id)) not in self._guide[0]:
            return wording.GUIDED
        return None

    def bound_remainder(self, pairs: list[Pair], rem: Sequence[Entrant],
                        p: int) -> tuple[str, str] | None:
        """[C12] bound for an MDP pairing: its pairs plus the fewest conflicts of
        any ``p`` pairs among the remainder ``rem``."""
        chosen = self._target
        if chosen is None:
            return None
        have = pair_values(self.state, self.br, pairs)["C12"][0]
        w = sum(1 for x in rem if x.preference is W)
        b = sum(1 for x in rem if x.preference is B)
        z = len(rem) - w - b
        surplus = abs(w - b) - min(abs(w - b), z)
        floaters = len(rem) - 2 * p
        more = max(0, surplus - floaters) // 2
        if more and have + more > chosen["C12"][0]:
            return "C12", wording.at_least_without_preference(have + more, chosen["C12"][0])
        return None

    # ------------------------------------------------------ generation
    def generate(self, mdps: list[Entrant], residents: list[Entrant], m1: int,
                 p: int) -> Iterator[Candidate]:
        """The bracket's candidates in Art. 4 order: MDP sets (4.4), S2
        transpositions of the MDP pairing (4.2), then the remainder's resident
        exchanges (4.3) and transpositions (4.2)."""
        for k, mset in enumerate(itertools.combinations(mdps, m1)):
            ids = {x.id for x in mset}
            limbo = [x for x in mdps if x.id not in ids]
            label = wording.mdp_set(mset) if k else ""
            if self._guide is not None and ids != self._guide[1]:
                yield Candidate([], limbo, False, label, wording.GUIDED)
                continue
            yield from self._mdp_pairings(list(mset), residents, limbo, p, label)

    def _walk(self, s1: list[Entrant], s2: list[Entrant],
              bound: Callable[[list, int, frozenset, Entrant], tuple[str, str] | None],
              done: Callable[[list, frozenset, bool], Iterator[Candidate]],
              failed: Callable[[list, tuple[str, str], bool], Candidate]) -> Iterator[Candidate]:
        """Art. 4.2 transpositions, in order: S1's players in turn each take a free
        S2 player, in S2's order (``moved``: not the first one free, so not the
        natural pairing).  A pair that breaks an absolute criterion, the guide or
        ``bound(pairs, i, used, taken)`` gives ``failed(pairs, why, moved)`` and the
        walk goes on; a complete walk gives ``done(pairs, used, moved)``."""
        def rec(i: int, used: frozenset, pairs: list, moved: bool) -> Iterator[Candidate]:
            if i == len(s1):
                yield from done(pairs, used, moved)
                return
            natural = [r for r in s2 if r.id not in used]
            for r in s2:
                if r.id in used:
                    continue
                pair = (s1[i], r)
                m = moved or r is not natural[0]
                broken = self.off_guide(pair) or self.state.why_incompatible(*pair) or bound(
                    pairs + [pair], i, used, r)
                if broken:
                    yield failed(pairs + [pair], broken, m)
                    continue
                yield from rec(i + 1, used | {r.id}, pairs + [pair], m)

        yield from rec(0, frozenset(), [], False)

    def _mdp_pairings(self, s1: list[Entrant], residents: list[Entrant], limbo: list[Entrant],
                      p: int, set_label: str) -> Iterator[Candidate]:
        def done(pairs: list, used: frozenset, moved: bool) -> Iterator[Candidate]:
            rem = [r for r in residents if r.id not in used]
            label = wording.join(set_label, wording.MDP_TRANSPOSITION_ART if moved else "")
            broken = self.bound_remainder(pairs, rem, p)
            if broken:
                yield Candidate(pairs, limbo, False, label, broken)
                return
            for c in self._remainder(rem, p, pairs):
                yield Candidate(pairs + c.pairs, limbo + c.floaters, c.complete,
                                wording.join(label, c.label), c.broken)

        def failed(pairs: list, broken: tuple[str, str], moved: bool) -> Candidate:
            return Candidate(pairs, [], False,
                             wording.join(set_label, wording.MDP_TRANSPOSITION if moved else ""),
                             broken)

        yield from self._walk(s1, residents, lambda pairs, i, used, r: self.bound(pairs),
                              done, failed)

    def _remainder(self, rem: list[Entrant], p: int, prefix: list) -> Iterator[Candidate]:
        s1, s2 = rem[:p], rem[p:]
        for label, a1, a2 in exchanges(s1, s2):
            if self._guide is not None and {x.id for x in a1} != self._guide[2]:
                yield Candidate([], [], False, label, wording.GUIDED)
                continue
            yield from self._transpositions(a1, a2, label, prefix)

    def _transpositions(self, s1: list[Entrant], s2: list[Entrant], label: str,
                        prefix: list) -> Iterator[Candidate]:
        def done(pairs: list, used: frozenset, moved: bool) -> Iterator[Candidate]:
            floaters = [x for x in s2 if x.id not in used]
            yield Candidate(pairs, floaters, True,
                            wording.join(label, wording.TRANSPOSITION if moved else ""))

        def bound(pairs: list, i: int, used: frozenset, taken: Entrant) -> tuple[str, str] | None:
            return self.bound(prefix + pairs, s1[i + 1:],
                              [x for x in s2 if x.id not in used and x is not taken])

        broken = self.bound(prefix, s1, s2) if s1 else None
        if broken:
            yield Candidate([], [], False, label, broken)
            return
        yield from self._walk(s1, s2, bound, done,
                              lambda pairs, why, moved: Candidate(pairs, [], False, label, why))

    # --------------------------------------------------------- judging
    def judge(self, c: Candidate) -> tuple[str, str | None, str]:
        """``(verdict, criterion, reason)`` of a candidate against the chosen pairing."""
        if c.broken:
            return "rejected", c.broken[0], wording.criterion(*c.broken)
        broken = [b for b in (self.state.why_incompatible(a, b) for a, b in c.pairs) if b]
        if broken:
            crit = min(x[0] for x in broken)
            return "rejected", crit, "; ".join(wording.criterion(k, t) for k, t in broken)
        bad, q = quality(self.state, self.br, c.pairs, c.floaters)
        if bad:
            return "rejected", bad[0], wording.criterion(*bad)
        worse, sign = compare(q, self.chosen_q)
        if worse is None:
            return "equal", None, wording.EQUAL
        text = wording.criterion(worse, wording.describe(worse, q, self.chosen_q))
        if sign < 0:
            return "better", worse, text + wording.BETTER
        return "rejected", worse, text

    def run(self, mdp_pairs: Sequence[Pair], rem_pairs: Sequence[Pair],
            paired_mdps: Sequence[Entrant]) -> CandidateReport:
        """The natural candidate and the next ones, with the reason each was rejected."""
        state, br = self.state, self.br
        m1, p = len(mdp_pairs), len(rem_pairs)
        chosen = Candidate(list(br.pairs), list(br.floaters), True, "")
        chosen_key = chosen.key()
        # the natural candidate (Art. 3.2 / 4.2): S1[i] - S2[i]
        # with as many pairs as the bracket can hold (MaxPairs, Art. 3.1)
        nm1 = min(len(br.mdps), len(br.residents))
        nat_rem = br.residents[nm1:]
        np_ = len(nat_rem) // 2
        nat_pairs = list(zip(br.mdps[:nm1], br.residents[:nm1], strict=False)) + list(
            zip(nat_rem[:np_], nat_rem[np_:2 * np_], strict=False))
        nat_float = br.mdps[nm1:] + nat_rem[2 * np_:]
        natural = Candidate(nat_pairs, nat_float, True, wording.NATURAL)
        out: list[CandidateInfo] = []
        summary: dict[str, int] = {}
        limbo_reason: dict[int, str] = {}

        def info(c: Candidate, verdict: str, crit: str | None, reason: str) -> CandidateInfo:
            return CandidateInfo(c.label or wording.CANDIDATE, [[a.id, b.id] for a, b in c.pairs],
                                 [x.id for x in c.floaters], c.complete, verdict, crit, reason)

        if natural.key() == chosen_key:
            out.append(info(natural, "chosen", None, wording.NATURAL_CHOSEN))
            return CandidateReport(out, summary, 1, True, limbo_reason)
        verdict, crit, reason = self.judge(natural)
        out.append(info(natural, verdict, crit, reason))
        nat_ids = [(a.id, b.id) for a, b in nat_pairs]
        seen = {natural.key()}
        self._target = self.chosen_q if state.trusted else None
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
                if not state.trusted:
                    examined -= 1
                    break
                self._guide = (frozenset(frozenset((a.id, b.id)) for a, b in br.pairs),
                               {hi.id for hi, _ in mdp_pairs}, {hi.id for hi, _ in rem_pairs})
            if c.complete:
                key = c.key()
                if key == chosen_key:
                    reached = True
                    label = c.label or wording.FIRST_CANDIDATE
                    out.append(info(c, "chosen", None, wording.chosen_reached(label)))
                    break
                if key in seen:
                    examined -= 1
                    continue
                seen.add(key)
                verdict, crit, reason = self.judge(c)
            else:
                verdict, crit, reason = self.judge(c)
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
            out.append(info(chosen, "chosen", None, wording.chosen_after(examined)))
        return CandidateReport(out, summary, examined, reached, limbo_reason)


def exchanges(s1: list[Entrant], s2: list[Entrant]) -> Iterator[tuple[str, list, list]]:
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
            yield wording.exchange(out, inn), n1, n2
