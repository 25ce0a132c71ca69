"""Teams: drafting, hiring and firing players and staff (:mod:`.roster`, :mod:`.staff`, :mod:`.journeymen`), the
explainable values TV, CTV, SPP and treasury (:mod:`.values`), what the team's ledger says about its seasons and
results (:mod:`.results`), where it stands in the post-match sequence (:mod:`.sequence`, checked by every team
operation), and its ledger told in sentences (:mod:`.story`)."""
