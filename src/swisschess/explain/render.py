"""Plain-text rendering of a :class:`~swisschess.explain.model.RoundExplanation`."""

from __future__ import annotations

from swisschess.explain.model import BracketExplanation, CandidateInfo, RoundExplanation


def _pts(x: float) -> str:
    return f"{x:.1f}" if (2 * x).is_integer() else f"{x:g}"


def _pairs(c: CandidateInfo, before: CandidateInfo | None = None) -> str:
    pairs = [f"{a}-{b}" for a, b in c.pairs]
    same = 0
    if before is not None:
        for x, y in zip(c.pairs, before.pairs, strict=False):
            if x != y:
                break
            same += 1
    if same >= 3 and same < len(pairs):
        pairs = [f"(first {same} pairs as above)"] + pairs[same:]
    s = " ".join(pairs)
    if not c.complete:
        return (s + " ...").strip()
    if c.floaters:
        s += (" " if s else "") + "(floats: " + ", ".join(map(str, c.floaters)) + ")"
    return s or "(no pairs)"


def _bracket(b: BracketExplanation) -> list[str]:
    kind = f"heterogeneous: {_n(len(b.mdps), 'MDP')}" if b.mdps else "homogeneous"
    out = [f"Bracket {b.number}: {_pts(b.score)} points, {_n(len(b.players), 'player')} ({kind})"]
    out.append("  No    Pts  Role      Colours  Preference       Floats (last, before)  PAB")
    for p in b.players:
        role = "MDP" if p.role == "MDP" else "resident"
        out.append(f"  {p.id:<4} {_pts(p.score):>4}  {role:<8}  {p.colours or '-':<7}  "
                   f"{p.preference:<15}  {p.floats:<21}  {'yes' if p.pab_eligible else 'no [C2]'}")
    if b.mdps:
        paired = ", ".join(map(str, b.mdps_paired)) or "none"
        limbo = ", ".join(map(str, b.limbo)) or "none"
        out.append(f"  MDPs paired here (S1): {paired}; in the Limbo: {limbo}")
    if b.pairs:
        out.append("  Pairs (White - Black):")
        for pair in b.pairs:
            rule = f"[{pair.rule}] " if pair.rule else ""
            out.append(f"    {pair.white:>4} - {pair.black:<4} {rule}{pair.reason}")
    else:
        out.append("  No pair is made in this bracket.")
    if b.floaters:
        out.append("  Floating down:")
        for f in b.floaters:
            who = "MDP, floats again" if f.role == "MDP" else "resident"
            out.append(f"    {f.id} ({who}): {f.outcome}.")
            out.append(f"      Why: {f.reason}.")
    for n in b.notes:
        out.append(f"  Note: {n}")
    if b.structure:
        out.append("  How the chosen pairing is generated:")
        out.extend(f"    {s}" for s in b.structure)
    if b.shortfalls:
        out.append("  Not fully met by the chosen pairing:")
        out.extend(f"    {s.text}" for s in b.shortfalls)
    if b.candidates:
        out.append("  Candidates in Art. 4 order:")
        before = None
        for c in b.candidates:
            label = c.label if c.label != "candidate" else ""
            head = f"    {_pairs(c, before)}" + (f"  <{label}>" if label else "")
            before = c
            if c.verdict == "chosen":
                out.append(head + "  CHOSEN")
                continue
            word = {"rejected": "rejected", "better": "BETTER", "equal": "EQUAL"}[c.verdict]
            out.append(head)
            out.append(f"      {word}: {c.reason}")
        if b.rejected_summary:
            counts = ", ".join((f"[{k}] {v}" if k != "-" else f"not examined in detail {v}")
                               for k, v in sorted(
                b.rejected_summary.items(), key=lambda kv: _crit_key(kv[0])))
            out.append(f"  Rejected before the chosen one ({b.candidates_examined} "
                       f"candidates or groups examined): {counts}")
        if not b.chosen_reached:
            out.append("  (The chosen pairing comes later in Art. 4 order than the search went.)")
    return out


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _crit_key(c: str) -> int:
    return int(c[1:]) if c[1:].isdigit() else 99


def render_text(e: RoundExplanation) -> str:
    """The explanation as short plain-text lines (ends with a newline)."""
    how = "paired now by swisschess" if e.source == "engine" else "as recorded in the file"
    name = "Lim system" if e.system == "lim" else "FIDE Dutch system"
    out = [f"Round {e.round}: {name}, {e.edition} rules ({how})"]
    line = f"{_n(e.players, 'player')} to pair"
    if e.not_paired:
        line += "; not paired: " + ", ".join(f"{pid} ({code})" for pid, code in e.not_paired)
    out.append(line + ".")
    boards = ", ".join(f"{w}-{b}" for w, b in e.boards)
    out.append("Boards: " + (boards or "none") + (f"; PAB: {e.bye}" if e.bye is not None else ""))
    for n in e.notes:
        out.append(f"Note: {n}")
    if e.story:
        out.append("")
        out.append("The procedure, step by step (article numbers of the seeds' text):")
        out.extend(f"  {line}" for line in e.story)
    for b in e.brackets:
        out.append("")
        out.extend(_bracket(b))
    if e.pab is not None:
        out.append("")
        out.append(f"PAB: {e.pab.player} ({_pts(e.pab.score)} points)")
        out.extend(f"  {r}" for r in e.pab.reasons)
    return "\n".join(out) + "\n"
