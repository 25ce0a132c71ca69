"""The ``progression`` command: one module per command (``packs``, ``tables``, ``sheet``, ``sheet_change``,
``history``, ``roster``, ``plot``, ``simulate``, ``validate``, ``check``, ``demo``, ``league``, ``campaign``),
the parser
(``parser``), and what they share (``args``, ``output``, ``files``, ``describe``, ``books``, ``contract``).
``main`` runs it.

Nothing is imported here: ``progression --help`` loads only the parser.
"""
