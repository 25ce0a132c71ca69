"""Players: a player sheet made from a roster position, its profile in Blood Bowl notation, its status
(:mod:`.player`, including whether he must advance), and injuries as far as the roster needs them (:mod:`.injuries`)."""
