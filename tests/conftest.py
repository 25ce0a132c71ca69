"""The test suite's shared helpers (``support``) are imported by name, from this folder."""

import sys
from pathlib import Path

if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))
