"""The pack's data read through the cache of parsed TOML: an edited data file is seen at once, and a cached
document, even a well-formed one, never lets in a value the pack's checks refuse."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from progression.errors import RulePackError
from progression.rulepacks import toml_cache
from progression_bloodbowl.data.model import read_data

from .test_model import texts

HUMAN = '[teams.human]\nlabel = { en = "Human", fr = "Humains" }\ntier = 2\nreroll_cost = 50000\n'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache folder of the test."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(toml_cache.ENVIRONMENT, str(folder))
    return folder


def document_of(folder: Path, text: str) -> Path:
    """The cached document of ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    (path,) = (folder / "toml").glob(f"{digest}.*.json")
    return path


class TestCachedData:
    def test_edited_data_file_is_seen(self, cache: Path) -> None:
        """The data read once (its parse cached), then with the Human re-roll price edited: the new price is
        read, and the original files still read the original price."""
        original = texts()
        assert HUMAN in original["teams.toml"]
        edited = {**original, "teams.toml": original["teams.toml"].replace(HUMAN, HUMAN.replace("50000", "70000"))}
        prices = [read_data(t, cache=True).teams["human"].reroll_cost for t in (original, edited, original)]
        assert [50000, 70000, 50000] == prices

    def test_forged_document_is_still_checked(self, cache: Path) -> None:
        """A cached document rewritten by hand, well formed and under the right digest, gives its values to the
        same checks as the file: a negative re-roll price is refused, naming the key."""
        original = texts()
        read_data(original, cache=True)
        path = document_of(cache, original["teams.toml"])
        document = json.loads(path.read_text(encoding="utf-8"))
        document["data"]["teams"]["human"]["reroll_cost"] = -5
        path.write_text(json.dumps(document), encoding="utf-8")
        with pytest.raises(RulePackError, match=r"teams\.human\.reroll_cost"):
            read_data(original, cache=True)

    def test_read_data_without_cache_writes_nothing(self, cache: Path) -> None:
        """``read_data`` caches only when asked (the installed files are read with the cache)."""
        read_data(texts())
        assert not cache.exists()


class TestFreshInterpreters:
    def test_pack_loads_the_same_from_the_cache(self, tmp_path: Path) -> None:
        """In fresh interpreters, the pack read with an empty cache, from the cache, with every document
        damaged, and with the cache off, has the same rules (fingerprint) and data."""
        folder = tmp_path / "cache"
        script = (
            "import progression; p = progression.load('bloodbowl'); "
            "print(p.rules, len(p.data.skills), p.data.teams['human'].reroll_cost)"
        )

        def run(setting: str) -> str:
            env = {**os.environ, toml_cache.ENVIRONMENT: setting}
            done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
            return done.stdout

        first = run(str(folder))
        written = sorted(folder.joinpath("toml").glob("*.json"))
        second = run(str(folder))
        for path in written:
            path.write_bytes(b"{")
        damaged = run(str(folder))
        assert [first] * 3 == [second, damaged, run("")]
        assert 6 == len(written)  # the five data files and pack.toml
        assert all(json.loads(path.read_bytes())["sha256"] in path.name for path in written)
