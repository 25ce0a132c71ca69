"""Matched Play team building: a draft list checked and priced in gold and Skill Points (:mod:`.quote`) and the
team built from it (:mod:`.draft`)."""
