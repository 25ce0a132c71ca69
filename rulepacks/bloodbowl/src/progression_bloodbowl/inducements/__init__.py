"""Inducements for one match: the order, its budget and what each team fielded (:mod:`.order`), Star Players
(:mod:`.stars`), wizards (:mod:`.wizards`) and their spells on a small pitch (:mod:`.spells`, :mod:`.pitch`), and
the Prayers to Nuffle that change SPP (:mod:`.prayers`)."""
