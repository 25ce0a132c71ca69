"""A match: what a coach writes down (:mod:`.record`, :class:`~progression_bloodbowl.MatchRecord`), the SPP, MVP,
injuries and Dedicated Fans it records (:mod:`.outcome`), its winnings (:mod:`.winnings`), the post-match
sequence step by step (:mod:`.postmatch`, its order in :mod:`progression_bloodbowl.team.sequence`), and a past
match amended (:mod:`.corrections`)."""
