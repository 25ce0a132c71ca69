"""A league kept in one store (:func:`progression.open_store`): the :class:`~.league.League` and its teams, seasons
and fixtures (:mod:`.league`), the records it keeps and their format (:mod:`.records`), the round-robin schedule
and a match written once for both sides (:mod:`.fixtures`), the players' figures read back (:mod:`.careers`), a
team's file compared with the team the league holds (:mod:`.team_files`), what a team runs on itself
(:mod:`.team_actions`), a recorded match corrected (:mod:`.amendments`) and the season's end (:mod:`.season_end`)."""
