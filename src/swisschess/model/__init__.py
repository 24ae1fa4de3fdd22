"""Tournament model (pure data) and the facts derived from it.

Import from the module that defines a name: :mod:`~swisschess.model.tournament`
(players, entries, point systems), :mod:`~swisschess.model.history` (colours,
preferences, floats, PAB eligibility), :mod:`~swisschess.model.facts` (those
facts gathered per round), :mod:`~swisschess.model.points` (scores as text).
"""
