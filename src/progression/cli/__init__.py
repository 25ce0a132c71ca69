"""The ``progression`` command: one module per command (``packs``, ``tables``, ``sheet``,
``sheet_change``, ``plot``, ``simulate``, ``validate``, ``demo``), the parser (``parser``), and what
they share (``args``, ``output``, ``files``, ``describe``). ``main`` runs it.

Nothing is imported here: ``progression --help`` loads only the parser.
"""
