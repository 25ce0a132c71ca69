"""A league kept in one store (:func:`progression.open_store`): its teams, seasons and fixtures (:mod:`.league`),
the round-robin schedule and a match written once for both sides (:mod:`.fixtures`)."""
