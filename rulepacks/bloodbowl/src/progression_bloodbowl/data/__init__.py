"""The pack's data, typed and read: the TOML files beside this module (skills, traits, rosters, stars,
inducements, rule tables), their reading (:mod:`.reading`), the typed tables (:mod:`.model`, :mod:`.rules`,
:mod:`.roll_tables`, :mod:`.league_rules`, :mod:`.matched_play`), the checks across files, and the accessor
every facet reaches the data through (:func:`.access.data_of`)."""
