"""``python -m progression`` runs the command line."""

from progression.cli.main import main

raise SystemExit(main())
