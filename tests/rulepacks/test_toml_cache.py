"""The cache of parsed TOML: the same values as ``tomllib``, found by the text's content, and a document it cannot
trust (corrupt, of another text, of another Python, holding what TOML cannot) ignored and written anew."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from progression.authoring import Reader
from progression.rulepacks import toml_cache

TEXT = """# format 1
format = 1
name = "demo"
ratio = 1.5
flags = [true, false]
[costs]
level = [1, 2, 3]
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache folder of the test, set through ``PROGRESSION_CACHE_DIR``."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(toml_cache.ENVIRONMENT, str(folder))
    return folder


def documents(folder: Path) -> list[Path]:
    """The cached documents in ``folder``."""
    return sorted((folder / "toml").glob("*.json")) if (folder / "toml").is_dir() else []


def refuse_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``tomllib`` fail, so that only what the cache holds can answer."""

    def failing(text: str) -> object:
        msg = "parsed, where the cache should have answered"
        raise AssertionError(msg)

    monkeypatch.setattr(toml_cache.tomllib, "loads", failing)


class TestParse:
    def test_same_values_as_tomllib(self, cache: Path) -> None:
        """The first parse and the cached one are what tomllib gives, integers, floats and booleans kept."""
        first, second = toml_cache.parse(TEXT), toml_cache.parse(TEXT)
        expected = tomllib.loads(TEXT)
        assert (expected, expected) == (first, second)
        assert [type(v) for v in (second["ratio"], second["costs"]["level"][0], second["flags"][0])] == [
            float,
            int,
            bool,
        ]

    def test_second_parse_read_from_the_cache(self, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Once a text was parsed, another parse of it is read from its document."""
        expected = toml_cache.parse(TEXT)
        refuse_parsing(monkeypatch)
        assert expected == toml_cache.parse(TEXT)
        assert 1 == len(documents(cache))

    def test_edited_text_parsed_anew(self, cache: Path) -> None:
        """An edited text is another text: its parse is its own, and the original's document still answers for the
        original (no time stamp involved)."""
        edited = TEXT.replace('name = "demo"', 'name = "edited"')
        assert ["demo", "edited", "demo"] == [toml_cache.parse(t)["name"] for t in (TEXT, edited, TEXT)]
        assert 2 == len(documents(cache))

    def test_not_toml_raises_and_caches_nothing(self, cache: Path) -> None:
        """A text that is not TOML raises tomllib's error, and nothing is written."""
        with pytest.raises(tomllib.TOMLDecodeError):
            toml_cache.parse("name = ")
        assert [] == documents(cache)

    def test_dates_not_cached(self, cache: Path) -> None:
        """A date, which JSON cannot hold, is parsed every time and never written."""
        text = "format = 1\nplayed = 2025-06-01\n"
        assert tomllib.loads(text) == toml_cache.parse(text) == toml_cache.parse(text)
        assert [] == documents(cache)

    def test_turned_off(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """``PROGRESSION_CACHE_DIR=""`` turns the cache off: the text is parsed and no folder is made."""
        monkeypatch.setenv(toml_cache.ENVIRONMENT, "")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        assert (None, tomllib.loads(TEXT)) == (toml_cache.folder(), toml_cache.parse(TEXT))
        assert [] == list(tmp_path.iterdir())

    def test_default_folder(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Without ``PROGRESSION_CACHE_DIR`` the cache lives in the user's cache folder."""
        monkeypatch.delenv(toml_cache.ENVIRONMENT, raising=False)
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        assert tmp_path / "progression" == toml_cache.folder()

    def test_no_home_no_cache(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Without a cache setting and without a home folder, there is no cache (never one in the working
        folder)."""
        monkeypatch.delenv(toml_cache.ENVIRONMENT, raising=False)
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        monkeypatch.delenv("LOCALAPPDATA", raising=False)
        monkeypatch.setattr(toml_cache.os.path, "expanduser", lambda path: path)
        assert None is toml_cache.folder()

    def test_unwritable_folder(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A cache folder that cannot be made (a file is in its place) leaves the cache empty, never the read
        failed."""
        blocked = tmp_path / "cache"
        blocked.write_text("not a folder")
        monkeypatch.setenv(toml_cache.ENVIRONMENT, str(blocked))
        assert tomllib.loads(TEXT) == toml_cache.parse(TEXT)
        assert "not a folder" == blocked.read_text()


def _document(path: Path) -> dict[str, object]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


#: Damaged documents, each made from a good one: none may be used, each is replaced by a good one.
DAMAGES = {
    "garbage": lambda raw, doc: b"\x00\xff not json",
    "truncated": lambda raw, doc: raw[: len(raw) // 2],
    "empty": lambda raw, doc: b"",
    "not a table": lambda raw, doc: b"[1, 2]",
    "another text": lambda raw, doc: json.dumps({**doc, "sha256": "0" * 64}).encode(),
    "another python": lambda raw, doc: json.dumps({**doc, "python": "cpython-2.7.18"}).encode(),
    "another format": lambda raw, doc: json.dumps({**doc, "format": 99}).encode(),
    "another kind": lambda raw, doc: json.dumps({**doc, "kind": "something else"}).encode(),
    "a null": lambda raw, doc: json.dumps({**doc, "data": {**doc["data"], "name": None}}).encode(),  # type: ignore[dict-item]
    "data not a table": lambda raw, doc: json.dumps({**doc, "data": [1]}).encode(),
}


class TestUntrusted:
    @pytest.mark.parametrize("damage", sorted(DAMAGES))
    def test_damaged_document_ignored_and_rewritten(self, cache: Path, damage: str) -> None:
        """A document damaged or made for something else is not used: the text is parsed again (the right
        values) and a good document replaces it."""
        toml_cache.parse(TEXT)
        (path,) = documents(cache)
        good = path.read_bytes()
        path.write_bytes(DAMAGES[damage](good, _document(path)))
        assert tomllib.loads(TEXT) == toml_cache.parse(TEXT)
        assert _document(path) == json.loads(good)

    def test_forged_values_are_taken_only_under_their_own_text(self, cache: Path) -> None:
        """A document holds the parse of the one text whose digest it carries: copied under another text's
        name, it is ignored."""
        other = TEXT.replace("ratio = 1.5", "ratio = 2.5")
        toml_cache.parse(other)
        toml_cache.parse(TEXT)
        paths = documents(cache)
        forged = max(paths, key=lambda p: _document(p)["data"]["ratio"])  # type: ignore[index]
        target = min(paths, key=lambda p: _document(p)["data"]["ratio"])  # type: ignore[index]
        target.write_bytes(forged.read_bytes())
        assert 1.5 == toml_cache.parse(TEXT)["ratio"]

    def test_directory_in_place_of_a_document(self, cache: Path) -> None:
        """A directory where a document should be is ignored, and the text parsed."""
        toml_cache.parse(TEXT)
        (path,) = documents(cache)
        path.unlink()
        path.mkdir()
        assert tomllib.loads(TEXT) == toml_cache.parse(TEXT)


class TestReader:
    def test_cached_parse_reports_bad_toml_as_a_problem(self, cache: Path) -> None:
        """``Reader.parse(text, cache=True)`` reports a text that is not TOML as the uncached parse does."""
        cached, plain = Reader("pack.toml"), Reader("pack.toml")
        assert ({}, {}) == (cached.parse("name = ", cache=True), plain.parse("name = "))
        assert [str(p) for p in plain.problems] == [str(p) for p in cached.problems]
        assert 1 == len(cached.problems)

    def test_cached_parse_same_values(self, cache: Path) -> None:
        """The values are the same with the cache as without."""
        assert Reader("a").parse(TEXT) == Reader("a").parse(TEXT, cache=True) == Reader("a").parse(TEXT, cache=True)

    def test_a_byte_order_mark_is_passed_over(self, cache: Path) -> None:
        """A text an editor began with a byte order mark is the same TOML: the same values, from the document the
        text without it was cached under (a text without one is digested as it always was)."""
        import hashlib

        assert Reader("a").parse(TEXT, cache=True) == Reader("a").parse("\ufeff" + TEXT, cache=True)
        (document,) = documents(cache)
        assert document.name.startswith(hashlib.sha256(TEXT.encode()).hexdigest() + ".")
