"""Spending Star Player Points: the four advancements, their procedures and the must-advance rule
(:mod:`.advance`), and the odds of a random skill and of reaching Legend (:mod:`.odds`)."""
