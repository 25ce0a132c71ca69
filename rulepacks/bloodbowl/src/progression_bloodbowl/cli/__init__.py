"""The command line's way in, all options as text: the options read and checked (:mod:`.options`), the actions on
a team file (:mod:`.actions`), inducements and spells (:mod:`.inducements`), a Matched Play team
(:mod:`.matched_play`), the figures ``sheet explain`` shows (:mod:`.explain`), the league in a store
(``progression league ...``, :mod:`.league`) and the demo (:mod:`.demo`)."""
