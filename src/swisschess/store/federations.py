"""FIDE federation codes, to warn about a federation no rating officer knows.

The three-letter codes FIDE uses in its rating lists and in TRF record 001
(columns 54-56).  They are not ISO or IOC codes everywhere: England, Scotland,
Wales, Jersey (JCI), Guernsey (GCI), the Isle of Man (IOM) and the Faroe
Islands (FAI) are federations of their own, ``FID`` marks players under the FIDE
flag, and ``AHO`` (Netherlands Antilles) still appears on old players' records.

Source: FIDE's federation table, https://ratings.fide.com/top_federations.phtml
(the flag image name of each federation), as listed in 2025-2026; 203 codes.
An unknown code is a warning, not a refusal: a federation admitted later, or a
national code used in a national event, is still written to the TRF as given.
"""

from __future__ import annotations

FIDE_FEDERATIONS: frozenset[str] = frozenset((
    "AFG", "AHO", "ALB", "ALG", "AND", "ANG", "ANT", "ARG", "ARM", "ARU", "AUS", "AUT", "AZE", "BAH",
    "BAN", "BAR", "BDI", "BEL", "BER", "BHU", "BIH", "BIZ", "BLR", "BOL", "BOT", "BRA", "BRN", "BRU",
    "BUL", "BUR", "CAF", "CAM", "CAN", "CAY", "CHA", "CHI", "CHN", "CIV", "CMR", "COD", "COL", "COM",
    "CPV", "CRC", "CRO", "CUB", "CYP", "CZE", "DEN", "DJI", "DMA", "DOM", "ECU", "EGY", "ENG", "ERI",
    "ESA", "ESP", "EST", "ETH", "FAI", "FID", "FIJ", "FIN", "FRA", "GAB", "GAM", "GCI", "GEO", "GEQ",
    "GER", "GHA", "GRE", "GRN", "GUA", "GUM", "GUY", "HAI", "HKG", "HON", "HUN", "INA", "IND", "IOM",
    "IRI", "IRL", "IRQ", "ISL", "ISR", "ISV", "ITA", "IVB", "JAM", "JCI", "JOR", "JPN", "KAZ", "KEN",
    "KGZ", "KOR", "KOS", "KSA", "KUW", "LAO", "LAT", "LBA", "LBN", "LBR", "LCA", "LES", "LIE", "LTU",
    "LUX", "MAC", "MAD", "MAR", "MAS", "MAW", "MDA", "MDV", "MEX", "MGL", "MKD", "MLI", "MLT", "MNC",
    "MNE", "MOZ", "MRI", "MTN", "MYA", "NAM", "NCA", "NED", "NEP", "NGR", "NIG", "NOR", "NRU", "NZL",
    "OMA", "PAK", "PAN", "PAR", "PER", "PHI", "PLE", "PLW", "PNG", "POL", "POR", "PUR", "QAT", "ROU",
    "RSA", "RUS", "RWA", "SCO", "SEN", "SEY", "SGP", "SKN", "SLE", "SLO", "SMR", "SOL", "SOM", "SRB",
    "SRI", "SSD", "STP", "SUD", "SUI", "SUR", "SVK", "SWE", "SWZ", "SYR", "TAN", "TGA", "THA", "TJK",
    "TKM", "TLS", "TOG", "TPE", "TTO", "TUN", "TUR", "UAE", "UGA", "UKR", "URU", "USA", "UZB", "VAN",
    "VEN", "VIE", "VIN", "WLS", "YEM", "ZAM", "ZIM",
))
