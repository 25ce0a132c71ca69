"""The test suite's shared helpers (``support``) are imported by name, from this folder."""

import os
import sys
from pathlib import Path

# The suite's `progression` processes run cold: never through a server a developer left running. The server's own
# tests name theirs (tests/cli/test_cli_server.py).
os.environ["PROGRESSION_SERVER"] = "off"
# Nor do they find packs in a developer's own pack folders: the tests that use them name theirs.
os.environ.pop("PROGRESSION_PACK_PATH", None)

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))
