"""A league: league points, standings and play-off prizes (:mod:`.standings`), the results of a table's teams
checked against each other (:mod:`.cross_check`), and the end of a season with
its recovery, new season and re-draft (:mod:`.season`)."""
