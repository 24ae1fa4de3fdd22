"""Post-hoc explanation of a Dutch-system round: why the pairing is what it is.

The engine (:mod:`swisschess.rules.dutch`) decides by weighted matching and
never lists candidates.  The explainer starts again from the state before the
round and the chosen pairing, and tells the story the rules tell:

1. the brackets, top down (Art. 1.3): the residents of each scoregroup plus
   the players left unpaired above (MDPs); which MDPs are paired (S1, Art.
   3.2) and which stay in the Limbo; the pairs with the colour rule that
   decided each (Art. 5.2); the downfloaters (:mod:`~swisschess.explain.brackets`,
   :mod:`~swisschess.explain.colours`);
2. the quality criteria the chosen pairing does not fully meet in the bracket
   ([C6]-[C21], :mod:`~swisschess.explain.criteria`);
3. the candidates of the bracket in the order Art. 4 generates them, from the
   natural first candidate S1[i]-S2[i] up to the chosen one, each with the
   reason it was rejected (:mod:`~swisschess.explain.candidates`);
4. the PAB: [C2] eligibility, [C5] lowest score, [C9] fewest unplayed games.

This module puts those parts together (:func:`explain_round`); the sentences
are in :mod:`~swisschess.explain.wording`.
"""

from __future__ import annotations

from collections.abc import Sequence

from swisschess.checking.checker import position_before, tournament_boards
from swisschess.explain import wording
from swisschess.explain.brackets import Bracket, brackets, pair_count_notes, structure
from swisschess.explain.candidates import CandidateReport, CandidateSearch
from swisschess.explain.classic import dutch_story, lim_story
from swisschess.explain.colours import pair_infos
from swisschess.explain.criteria import quality, shortfalls
from swisschess.explain.model import (
    BracketExplanation,
    CandidateInfo,
    FloatInfo,
    PabExplanation,
    PlayerInfo,
    RoundExplanation,
    Shortfall,
)
from swisschess.explain.state import ExplainError, RoundState
from swisschess.model.history import unpaired_entries
from swisschess.model.tournament import Tournament
from swisschess.pairing import registry
from swisschess.pairing.api import pair_round
from swisschess.pairing.result import InputError, PairingError
from swisschess.rules.dutch import Entrant


def explain_bracket(state: RoundState, br: Bracket, full: bool) -> BracketExplanation:
    """One bracket: players, pairs and colours; with ``full`` also the criteria and candidates."""
    players = [PlayerInfo(p.id, state.t.players[p.id].name, float(p.score),
                          wording.role(p.id in br.mdp_ids), state.history(p.id),
                          wording.preference(p), wording.floats(p), p.bye_eligible)
               for p in br.mdps + br.residents]
    mdp_pairs = [(hi, lo) for hi, lo in br.pairs if hi.id in br.mdp_ids]
    rem_pairs = [(hi, lo) for hi, lo in br.pairs if hi.id not in br.mdp_ids]
    paired_mdps = [hi for hi, _ in mdp_pairs]
    paired_mdp_ids = {x.id for x in paired_mdps}
    limbo = [x for x in br.mdps if x.id not in paired_mdp_ids]
    pairs = pair_infos(state, br)
    notes: list[str] = []
    steps: list[str] = []
    found = CandidateReport([], {}, 0, True, {})
    missed: list[Shortfall] = []
    if full and len(br.mdps) + len(br.residents) > 1:
        broken, chosen_q = quality(state, br, br.pairs, br.floaters)
        if broken:
            notes.append(wording.breaks(*broken))
        else:
            missed = shortfalls(chosen_q)
            steps = structure(br, mdp_pairs, rem_pairs, paired_mdps)
            notes.extend(pair_count_notes(state, br, len(br.pairs)))
            found = CandidateSearch(state, br, chosen_q).run(mdp_pairs, rem_pairs, paired_mdps)
    natural = found.candidates[0] if found.candidates else None
    floaters = [float_info(state, br, p, found.limbo_reason, notes, natural)
                for p in br.floaters]
    return BracketExplanation(
        number=br.number, score=float(br.score), players=players,
        mdps=[p.id for p in br.mdps], mdps_paired=[p.id for p in paired_mdps],
        limbo=[p.id for p in limbo], pairs=pairs, floaters=floaters,
        structure=steps, notes=notes, shortfalls=missed, candidates=found.candidates,
        rejected_summary=found.summary, candidates_examined=found.examined,
        chosen_reached=found.reached)


def float_info(state: RoundState, br: Bracket, p: Entrant, limbo_reason: dict[int, str],
               notes: Sequence[str] = (), natural: CandidateInfo | None = None) -> FloatInfo:
    """Why ``p`` leaves the bracket unpaired, and what becomes of him."""
    m = state.mate.get(p.id)
    if m is None:
        outcome = wording.RECEIVES_PAB
    else:
        o = state.by_id[m]
        outcome = wording.paired_in_bracket(o.id, o.score)
    members = br.mdps + br.residents
    res_ids = {x.id for x in br.residents}
    others = [q for q in members if q is not p and (p.id in res_ids or q.id in res_ids)]
    blocked = [(q, state.why_incompatible(p, q)) for q in others]
    free = [q for q, b in blocked if b is None]
    role = wording.role(p.id in br.mdp_ids)
    is_mdp = p.id in br.mdp_ids
    if not others:
        reason = wording.NOBODY_HERE
    elif not free:
        reason = wording.float_no_compatible([b for _, b in blocked if b is not None])
    elif is_mdp and len(br.residents) <= sum(1 for hi, _ in br.pairs if hi.id in br.mdp_ids):
        paired = [hi.id for hi, _ in br.pairs if hi.id in br.mdp_ids]
        reason = wording.float_mdp_surplus(len(br.residents), len(br.mdps), paired)
    elif is_mdp and p.id in limbo_reason:
        reason = wording.float_mdp_rejected(free, limbo_reason[p.id])
    elif notes and wording.marks_note(notes[-1]):
        reason = wording.float_note(free, notes[-1])
    elif len(members) % 2 and len(br.floaters) == 1:
        reason = wording.ODD_BRACKET
        if natural is None or natural.verdict == "chosen" or p.id in natural.floaters:
            reason += wording.LAST_OF_S2
        else:
            reason += wording.natural_rejected(natural.floaters, natural.reason)
    else:
        reason = wording.float_best(free)
    return FloatInfo(p.id, role, outcome, reason)


def pab(state: RoundState) -> PabExplanation | None:
    """Why the PAB goes to whom it goes: [C2], [C5], [C9]."""
    if state.bye is None:
        return None
    p = state.by_id[state.bye]
    reasons = []
    inel = [x for x in state.players if not x.bye_eligible]
    if inel:
        reasons.append(wording.pab_ineligible([(x.id, state.pab_bar(x)) for x in inel]))
    else:
        reasons.append(wording.PAB_ALL_ELIGIBLE)
    ok, best = state.oracle.min_bye_score(state.players)
    if ok and best is not None:
        lower = sorted({x.score for x in state.players if x.bye_eligible and x.score < best})
        reasons.append(wording.pab_lowest(best, lower))
        if p.score != best:
            reasons.append(wording.pab_not_lowest(p.id, p.score, best))
    same = [x for x in state.players if x.bye_eligible and x.score == p.score]
    if len(same) > 1:
        fewest = min(state.unplayed(x) for x in same)
        txt = wording.pab_unplayed(p.score, [(x.id, state.unplayed(x)) for x in same])
        if state.unplayed(p) == fewest:
            tied = [x for x in same if state.unplayed(x) == fewest]
            if len(tied) > 1:
                txt += wording.pab_tie([x.id for x in tied], p.id)
        else:
            txt += wording.pab_not_fewest(p.id)
        reasons.append(txt + ".")
    elif same:
        reasons.append(wording.pab_only(p.id, p.score))
    return PabExplanation(p.id, float(p.score), reasons, [x.id for x in inel])


def explain_round(t: Tournament, rnd: int | None = None, edition: str = "2026",
                  system: str = "dutch") -> RoundExplanation:
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
    editions = registry.editions(system)
    if edition not in editions:
        raise ExplainError(wording.unknown_edition(edition, editions))
    recorded = t.rounds_recorded()
    notes: list[str] = []
    colourless: set[frozenset[int]] = set()
    if rnd is None or rnd == recorded + 1:
        rnd = recorded + 1
        before = t
        pairing = pair_round(t, system, edition)
        boards, bye, source = list(pairing.boards), pairing.bye, "engine"
        not_paired = [[pid, code] for pid, code in pairing.unpaired]
    elif 1 <= rnd <= recorded:
        before = position_before(t, rnd)
        recorded_boards, colourless = tournament_boards(t, rnd)
        boards = [(w, b) for w, b in recorded_boards if b != 0]
        pabs = [w for w, b in recorded_boards if b == 0]
        if len(pabs) > 1:
            raise ExplainError(wording.several_pabs(rnd))
        bye, source = (pabs[0] if pabs else None), "file"
        # the players the recorded pairing leaves out are those not to be
        # paired (RoundState checks it), so they are the engine's unpaired
        not_paired = [[pid, code] for pid, code in unpaired_entries(before, rnd)]
        try:
            engine = pair_round(before, system, edition)
        except (PairingError, InputError) as e:
            notes.append(wording.engine_fails(e))
        else:
            mine = {frozenset(b) for b in engine.boards}
            theirs = {frozenset(b) for b in boards}
            if mine != theirs or engine.bye != bye:
                diff = sorted(tuple(sorted(x)) for x in mine - theirs)
                notes.append(wording.engine_differs(
                    diff, engine.bye if engine.bye != bye else None))
            elif set(engine.boards) != set(boards):
                notes.append(wording.ENGINE_OTHER_COLOURS)
    else:
        raise ExplainError(wording.no_such_round(rnd, recorded))
    if before.rounds is None:
        before.rounds = t.rounds
    if system == "lim":  # the Lim procedure: the seed's story only
        return RoundExplanation(
            round=rnd, edition=edition, source=source, players=len(boards) * 2 + (bye is not None),
            boards=[[w, b] for w, b in boards], bye=bye, not_paired=not_paired,
            brackets=[], pab=None, notes=notes, system=system,
            story=lim_story(before, rnd, boards, bye, edition))
    state = RoundState(before, rnd, edition, boards, bye)
    state.colourless = colourless
    state.trusted = source == "engine" or not notes
    full = edition == "2026"
    if not full:
        notes.append(wording.description_only(edition))
    explained = [explain_bracket(state, br, full) for br in brackets(state)] if state.players else []
    story = dutch_story(before, rnd, boards, bye, edition) if edition in ("1992", "2012") else []
    return wording.tidy(RoundExplanation(
        round=rnd, edition=edition, source=source, players=len(state.players),
        boards=[[w, b] for w, b in boards], bye=bye, not_paired=not_paired,
        brackets=explained, pab=pab(state), notes=notes, story=story))
