"""Team tournaments: the FIDE Swiss Team Pairing System (C.04.6, in force from 1 February 2026).

The team system is not the Dutch system with a team where a player used to be:
a bracket takes only *upfloaters* (there are no downfloaters), the
pairing-allocated-bye (PAB) is assigned first, the quality criteria are
[C4]-[C10] of C.04.6 art. 2.3, a bracket is paired by the lexicographic order of
its pairings' identifiers (art. 3.6) and the colours are allocated only after
the whole round is paired, by the cascade of art. 4.  No colour rule is absolute
(Preface: "the colour will never be a factor so decisive as to prevent two teams
from playing against each other").

Modules:

* :mod:`swisschess.teams.model` - teams, their round records, the competition's
  rules (primary/secondary score, colour model, PAB points) and what the pairing
  reads from the history (scores, colour difference, colour preference, floats).
* :mod:`swisschess.teams.pairing` - the pairing of the next round (art. 3) and
  the colour allocation (art. 4).
* :mod:`swisschess.teams.generate` - random team tournaments, for comparison
  with other engines.
* :mod:`swisschess.teams.acceleration` - the Baku acceleration on match points
  (C.04.7) and the virtual points of TRF record 250.
* :mod:`swisschess.teams.trf` - the TRF-2026 team records (310, 320, 240, 250,
  260, 300, 330, 352, 362, 192, 801/802) written and read.
* :mod:`swisschess.teams.standings` - match points, game points and the C.07
  team tie-breaks (arts. 11-13, 16), the team crosstable, board statistics;
  :mod:`swisschess.teams.report` lays them out as text, CSV and JSON.

See docs/teams.md for the readings chosen where the text is open.
"""
