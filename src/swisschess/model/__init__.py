"""Tournament model (pure data) and the facts derived from it."""

from swisschess.model.history import (
    ColourPreference,
    Float,
    Strength,
    colour_difference,
    colour_preference,
    compressed_history,
    float_in_round,
    pab_eligible,
    played_colours,
    requested_bye,
    to_be_paired,
    unplayed_rounds,
)
from swisschess.model.tournament import (
    Acceleration,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    Player,
    PointAdjustment,
    PointSystem,
    RoundEntry,
    Tournament,
    outcome,
)

__all__ = [
    "Acceleration", "ByeRequest", "Colour", "ColourPreference", "Float", "ForbiddenPairs",
    "Player", "PointAdjustment", "PointSystem", "RoundEntry", "Strength", "Tournament", "colour_difference",
    "colour_preference", "compressed_history", "float_in_round", "outcome", "pab_eligible",
    "played_colours", "requested_bye", "to_be_paired", "unplayed_rounds",
]
