"""Bracket-level explanation for the Dubov and Burstein systems.

Less than the Dutch explainer (no candidate analysis): for each bracket, who
was in it, who floated (Dubov: the upfloaters chosen by Art. 3.2.2 and the
G1/G2 shifts of 3.2.4; Burstein: the incoming and outgoing floaters), the
pairs made; and the PAB with the facts Art. 3.1 ranks by.  For a recorded
round the engine's pairing from the position before it is explained and
compared with what was recorded.  Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from swisschess.checking.checker import position_before, tournament_boards
from swisschess.explain.state import ExplainError
from swisschess.i18n import gettext as _
from swisschess.i18n.messages import translate_message
from swisschess.model.points import format_points
from swisschess.model.tournament import Tournament
from swisschess.pairing.registry import find
from swisschess.rules.burstein import burstein_trace, seeding_rounds
from swisschess.rules.dubov import BracketTrace, dubov_trace

#: Systems this module explains.
SYSTEMS = ("dubov", "burstein")


@dataclass(slots=True)
class SystemExplanation:
    """A round of a Dubov or Burstein tournament, bracket by bracket."""

    system: str
    name: str
    round: int
    players: int
    brackets: list[dict] = field(default_factory=list)
    pab: dict | None = None
    not_paired: list[list] = field(default_factory=list)
    boards: list[list[int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def _bracket_dict(t: Tournament, rnd: int, b: BracketTrace) -> dict:
    def who(ids: list[int]) -> list[dict]:
        return [{"id": i, "score": format_points(t.score(i, rnd - 1) + t.acceleration(i, rnd))} for i in ids]

    return {"score": format_points(b.score), "residents": who(b.residents), "upfloaters": who(b.upfloaters),
            "downfloaters": who(b.downfloaters), "pairs": [list(p) for p in b.pairs],
            "notes": list(b.notes)}


def explain_system_round(t: Tournament, system: str, rnd: int | None = None) -> SystemExplanation:
    """Explain round ``rnd`` (default: the next, paired now) of a Dubov or
    Burstein tournament at bracket level.  Raises :class:`ExplainError`."""
    if system not in SYSTEMS:
        raise ExplainError(f"bracket-level explanation exists for {', '.join(SYSTEMS)}, not {system!r}")
    recorded = t.rounds_recorded()
    if rnd is None:
        rnd = recorded + 1
    if not 1 <= rnd <= recorded + 1:
        raise ExplainError(f"round {rnd} does not exist (rounds recorded: {recorded})")
    before = t if rnd == recorded + 1 else position_before(t, rnd)
    pairing, trace = (dubov_trace if system == "dubov" else burstein_trace)(before)
    ed = find(system)
    out = SystemExplanation(system, ed.name, rnd, len(pairing.boards) * 2 + (pairing.bye is not None))
    if system == "burstein" and rnd <= seeding_rounds(before.rounds or rnd):
        out.notes.append(_("seeding round (Art. 1.6): paired by the FIDE (Dutch) System; "
                           "use the Dutch explainer for its brackets"))
    out.brackets = [_bracket_dict(before, rnd, b) for b in trace]
    if pairing.bye is not None:
        pid = pairing.bye
        games = sum(1 for e in before.players[pid].results[: rnd - 1] if e.played)
        out.pab = {"id": pid, "score": format_points(before.score(pid, rnd - 1)), "games": games,
                   "rule": _("Art. 3.1: eligible ([C2]), leaves a complete pairing ([C4]), "
                             "lowest score, most games played, then largest TPN")
                   if system == "dubov" else
                   _("Art. 3.1: eligible ([C2]), leaves a complete pairing ([C4]), lowest score, "
                     "most games played, then lowest ranking (1.8)")}
    out.not_paired = [[pid, code] for pid, code in pairing.unpaired]
    out.boards = [[w, b] for w, b in pairing.boards]
    if rnd <= recorded:
        rec, colourless = tournament_boards(t, rnd)
        mine = {tuple(b) for b in out.boards} | ({(pairing.bye, 0)} if pairing.bye else set())
        if mine == set(rec):
            out.notes.append(_("the recorded round is the engine's pairing"))
        else:
            out.notes.append(_("the recorded round differs from the engine's pairing: recorded "
                               "only {recorded}, engine only {engine}").format(
                recorded=sorted(set(rec) - mine), engine=sorted(mine - set(rec))))
    return out


def render_system_text(x: SystemExplanation) -> str:
    """The explanation as short lines for an arbiter."""
    # i18n: the words in the current language (--lang); the data as computed
    lines = [_("Round {n} ({name}): {players} players paired").format(
        n=x.round, name=x.name, players=x.players)]
    for n in x.notes:
        lines.append("  " + _("note: {text}").format(text=n))
    if x.pab:
        p = x.pab
        lines.append(_("PAB: {pid} (score {score}, {games} games played) - {rule}").format(
            pid=p["id"], score=p["score"], games=p["games"], rule=p["rule"]))
    if x.not_paired:
        lines.append(_("Not paired:") + " "
                     + ", ".join(f"{pid} ({code})" for pid, code in x.not_paired))
    for b in x.brackets:
        res = ", ".join(str(p["id"]) for p in b["residents"])
        lines.append(_("Bracket {score}: residents {players}").format(
            score=b["score"], players=res or "-"))
        if b["upfloaters"]:
            lines.append("  " + _("upfloaters (Art. 3.2.2):") + " "
                         + ", ".join(f"{p['id']} ({p['score']})" for p in b["upfloaters"]))
        if b["downfloaters"]:
            lines.append("  " + _("outgoing floaters ([C5]-[C7]):") + " "
                         + ", ".join(f"{p['id']} ({p['score']})" for p in b["downfloaters"]))
        for n in b["notes"]:  # the engines' trace notes: English, translated here
            lines.append(f"  {translate_message(n)}")
        if b["pairs"]:
            lines.append("  " + _("pairs:") + " " + ", ".join(f"{a}-{c}" for a, c in b["pairs"]))
    lines.append(_("Boards (white - black):"))
    for i, (white, black) in enumerate(x.boards, 1):
        lines.append(f"  {i:3d}. {white} - {black}")
    return "\n".join(lines) + "\n"
