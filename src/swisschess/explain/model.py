"""What the explainer says about one round, as plain data (JSON-ready).

Every field holds only ``str``, ``int``, ``float``, ``bool``, ``None``,
lists and other dataclasses of this module, so :meth:`RoundExplanation.to_dict`
is simply :func:`dataclasses.asdict` and the result can be dumped as JSON.
Scores are floats (``1.5``); players are their pairing numbers (TPN / id).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(slots=True)
class PlayerInfo:
    """One player of a bracket as the pairing saw him (Art. 1)."""

    id: int
    name: str
    score: float  # pairing score (acceleration included)
    role: str  # "resident" or "MDP" (moved-down player, Art. 1.4.1)
    colours: str  # colour history of the rounds so far: W, B, - (not played)
    preference: str  # "absolute White", "strong Black", "mild White", "none" (Art. 1.7)
    floats: str  # floats of the last two rounds, e.g. "down, -" (Art. 1.4; [C14]-[C21])
    pab_eligible: bool  # [C2]


@dataclass(slots=True)
class PairInfo:
    """A pair made in the bracket and the colour rule that decided it (Art. 5.2)."""

    white: int
    black: int
    higher: int  # the higher-ranked player (Art. 1.2)
    lower: int
    kind: str  # "MDP pairing" (an MDP against a resident) or "resident pair"
    rule: str | None  # "5.2.1" ... "5.2.5" (2017: "E.1" ... "E.5"; 1992: None)
    reason: str


@dataclass(slots=True)
class FloatInfo:
    """A player who left the bracket unpaired (downfloater) and why."""

    id: int
    role: str  # "resident" (new downfloater) or "MDP" (Limbo: floats again)
    outcome: str  # where he was paired in the end, e.g. "paired with 12 (1.0 points)" or "PAB"
    reason: str


@dataclass(slots=True)
class Shortfall:
    """A quality criterion the chosen pairing does not fully meet in the bracket."""

    criterion: str  # "C12", ...
    count: int
    players: list[int]
    text: str


@dataclass(slots=True)
class CandidateInfo:
    """A candidate of the bracket (Art. 4 order) and the verdict on it.

    ``verdict``: ``"rejected"``; ``"chosen"``; or, when the pairing explained is
    not the one the rules give (a pairing from a file), ``"better"`` (better
    than the chosen one) or ``"equal"`` (as good and generated earlier).
    ``complete`` is False for a group of candidates sharing ``pairs`` as their
    first pairs (all of them break the same absolute criterion).
    """

    label: str  # "natural (Art. 4.2)", "transposition", "exchange 3<->4 (Art. 4.3)", ...
    pairs: list[list[int]]  # [higher, lower] in generation order (S1[i], S2[i])
    floaters: list[int]
    complete: bool
    verdict: str
    criterion: str | None  # the deciding criterion ("C1", "C4", "C12", ...)
    reason: str


@dataclass(slots=True)
class BracketExplanation:
    """One bracket (Art. 1.3): a scoregroup's residents plus the MDPs it received."""

    number: int
    score: float
    players: list[PlayerInfo]
    mdps: list[int]
    mdps_paired: list[int]  # S1 of the MDP pairing (Art. 3.2)
    limbo: list[int]  # MDPs not paired here: they float on
    pairs: list[PairInfo]
    floaters: list[FloatInfo]
    structure: list[str]  # how the chosen pairing was generated (Art. 4.2-4.4)
    notes: list[str]
    shortfalls: list[Shortfall]
    candidates: list[CandidateInfo]
    rejected_summary: dict[str, int] = field(default_factory=dict)  # criterion -> candidates
    candidates_examined: int = 0
    chosen_reached: bool = True


@dataclass(slots=True)
class PabExplanation:
    """Who receives the pairing-allocated bye and why ([C2], [C5], [C9])."""

    player: int
    score: float
    reasons: list[str]
    ineligible: list[int]  # [C2]: may not receive it


@dataclass(slots=True)
class RoundExplanation:
    """The explanation of one round's pairing, bracket by bracket."""

    round: int
    edition: str
    source: str  # "engine" (the next round, paired now) or "file" (as recorded)
    players: int  # players paired (the PAB included)
    boards: list[list[int]]  # [white, black] in board order
    bye: int | None
    not_paired: list[list]  # [id, code] requested byes / absences (H, F, Z)
    brackets: list[BracketExplanation]
    pab: PabExplanation | None
    notes: list[str]
    system: str = "dutch"
    #: 1992 / 2012 Dutch and Lim: the procedure told group by group with the
    #: seeds' article numbers (``explain.classic``); empty for 2026 / 2017
    story: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        """The explanation as JSON-ready nested dicts and lists."""
        return asdict(self)
