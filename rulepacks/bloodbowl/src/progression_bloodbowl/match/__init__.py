"""A match: what a coach writes down (:mod:`.record`, :class:`~progression_bloodbowl.MatchRecord`), the SPP and
MVP it earns (:mod:`.spp`), its outcome with injuries and Dedicated Fans (:mod:`.outcome`), its winnings
(:mod:`.winnings`), the post-match sequence step by step (:mod:`.postmatch`, its order in
:mod:`progression_bloodbowl.team.sequence`), and a past match amended (:mod:`.corrections`)."""
