"""Plain-text rendering of a :class:`~swisschess.explain.model.RoundExplanation`."""

from __future__ import annotations

from swisschess import i18n
from swisschess.explain.model import BracketExplanation, CandidateInfo, RoundExplanation
from swisschess.explain.wording import pts
from swisschess.i18n import gettext as _
from swisschess.i18n import ngettext, terms


def _col(text: str, width: int) -> str:
    """``text`` left-aligned in a column of at least ``width`` characters."""
    return text.ljust(width)


def _pairs(c: CandidateInfo, before: CandidateInfo | None = None) -> str:
    pairs = [f"{a}-{b}" for a, b in c.pairs]
    same = 0
    if before is not None:
        for x, y in zip(c.pairs, before.pairs, strict=False):
            if x != y:
                break
            same += 1
    if same >= 3 and same < len(pairs):
        pairs = [_("(first {n} pairs as above)").format(n=same)] + pairs[same:]
    s = " ".join(pairs)
    if not c.complete:
        return (s + " ...").strip()
    if c.floaters:
        s += (" " if s else "") + _("(floats: {players})").format(
            players=", ".join(map(str, c.floaters)))
    return s or _("(no pairs)")


def _bracket(b: BracketExplanation) -> list[str]:
    kind = (ngettext("heterogeneous: {n} MDP", "heterogeneous: {n} MDPs", len(b.mdps)).format(
        n=len(b.mdps)) if b.mdps else _("homogeneous"))
    out = [_("Bracket {number}: {points}, {players} ({kind})").format(
        number=b.number, points=i18n.points_text(pts(b.score)), kind=kind,
        players=ngettext("{n} player", "{n} players", len(b.players)).format(n=len(b.players)))]
    heads = [_("No"), _("Pts"), _("Role"), _("Colours"), _("Preference"),
             _("Floats (last, before)"), _("PAB")]
    rows = [[_("MDP") if p.role == "MDP" else _("resident"),
             terms.colour_history(p.colours) or "-", p.preference, p.floats] for p in b.players]
    # the columns as wide as their translated header and words ("igralec skupine")
    widths = [max(4, len(heads[0])), max(4, len(heads[1]))] + [
        max([least, len(h)] + [len(r[i]) for r in rows])
        for i, (h, least) in enumerate(zip(heads[2:6], (8, 7, 15, 21), strict=True))]
    out.append("  " + _col(heads[0], widths[0]) + " " + heads[1].rjust(widths[1]) + "  "
               + "  ".join(_col(h, w) for h, w in zip(heads[2:6], widths[2:], strict=True))
               + "  " + heads[6])
    for p, cells in zip(b.players, rows, strict=True):
        out.append("  " + _col(str(p.id), widths[0]) + " " + pts(p.score).rjust(widths[1]) + "  "
                   + "  ".join(_col(c, w) for c, w in zip(cells, widths[2:], strict=True))
                   + "  " + (_("yes") if p.pab_eligible else _("no [C2]")))
    if b.mdps:
        # "nobody", not the shared "none": the word agrees with people (cs "nikdo")
        paired = ", ".join(map(str, b.mdps_paired)) or _("nobody")
        limbo = ", ".join(map(str, b.limbo)) or _("nobody")
        out.append("  " + _("MDPs paired here (S1): {paired}; in the Limbo: {limbo}").format(
            paired=paired, limbo=limbo))
    if b.pairs:
        out.append("  " + _("Pairs (White - Black):"))
        for pair in b.pairs:
            rule = f"[{pair.rule}] " if pair.rule else ""
            out.append(f"    {pair.white:>4} - {pair.black:<4} {rule}{pair.reason}")
    else:
        out.append("  " + _("No pair is made in this bracket."))
    if b.floaters:
        out.append("  " + _("Floating down:"))
        for f in b.floaters:
            who = _("MDP, floats again") if f.role == "MDP" else _("resident")
            out.append(f"    {f.id} ({who}): {f.outcome}.")
            out.append("      " + _("Why: {reason}.").format(reason=f.reason))
    for n in b.notes:
        out.append("  " + _("Note: {text}").format(text=n))
    if b.structure:
        out.append("  " + _("How the chosen pairing is generated:"))
        out.extend(f"    {s}" for s in b.structure)
    if b.shortfalls:
        out.append("  " + _("Not fully met by the chosen pairing:"))
        out.extend(f"    {s.text}" for s in b.shortfalls)
    if b.candidates:
        out.append("  " + _("Candidates in Art. 4 order:"))
        before = None
        for c in b.candidates:
            label = c.label if c.label not in ("candidate", _("candidate")) else ""
            head = f"    {_pairs(c, before)}" + (f"  <{label}>" if label else "")
            before = c
            if c.verdict == "chosen":
                out.append(head + "  " + _("CHOSEN"))
                continue
            word = {"rejected": _("rejected"), "better": _("BETTER"),
                    "equal": _("EQUAL")}[c.verdict]
            out.append(head)
            out.append(f"      {word}: {c.reason}")
        if b.rejected_summary:
            counts = ", ".join((f"[{k}] {v}" if k != "-"
                                else _("not examined in detail {n}").format(n=v))
                               for k, v in sorted(
                b.rejected_summary.items(), key=lambda kv: _crit_key(kv[0])))
            out.append("  " + _("Rejected before the chosen one ({n} candidates or groups "
                                "examined): {counts}").format(n=b.candidates_examined,
                                                              counts=counts))
        if not b.chosen_reached:
            out.append("  " + _("(The chosen pairing comes later in Art. 4 order than the "
                                "search went.)"))
    return out


def _crit_key(c: str) -> int:
    return int(c[1:]) if c[1:].isdigit() else 99


def render_text(e: RoundExplanation) -> str:
    """The explanation as short plain-text lines (ends with a newline)."""
    how = _("paired now by swisschess") if e.source == "engine" else _("as recorded in the file")
    if e.system == "lim":
        out = [_("Round {n}: Lim system, {edition} rules ({how})").format(
            n=e.round, edition=e.edition, how=how)]
    else:
        out = [_("Round {n}: FIDE Dutch system, {edition} rules ({how})").format(
            n=e.round, edition=e.edition, how=how)]
    line = ngettext("{n} player to pair", "{n} players to pair", e.players).format(n=e.players)
    if e.not_paired:
        line += "; " + _("not paired: {players}").format(
            players=", ".join(f"{pid} ({code})" for pid, code in e.not_paired))
    out.append(line + ".")
    boards = ", ".join(f"{w}-{b}" for w, b in e.boards)
    out.append((_("Boards: {boards}").format(boards=boards) if boards else _("Boards: none"))
               + ("; " + _("PAB: {pid}").format(pid=e.bye) if e.bye is not None else ""))
    for n in e.notes:
        out.append(_("Note: {text}").format(text=n))
    if e.story:
        out.append("")
        out.append(_("The procedure, step by step (article numbers of the seeds' text):"))
        out.extend(f"  {line}" for line in e.story)
    for b in e.brackets:
        out.append("")
        out.extend(_bracket(b))
    if e.pab is not None:
        out.append("")
        out.append(_("PAB: {pid} ({points})").format(
            pid=e.pab.player, points=i18n.points_text(pts(e.pab.score))))
        out.extend(f"  {r}" for r in e.pab.reasons)
    return "\n".join(out) + "\n"
