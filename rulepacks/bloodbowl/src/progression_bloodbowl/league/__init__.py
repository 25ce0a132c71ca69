"""A league: league points, standings and play-off prizes (:mod:`.standings`), and the end of a season with
its recovery, new season and re-draft (:mod:`.season`)."""
