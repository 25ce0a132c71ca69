"""Monte Carlo studies of a pack: many independent trials of its ``"simulate.<name>"`` function.

A pack declares a :class:`~progression.contract.Simulation`, ``function(pack, dice, **params) -> int``:
one trial, returning a count (matches until a player reaches Legend, sessions until a character is
Expert). :func:`run_trials` runs it many times, each trial with its own seeded dice,
in this process or on any :class:`concurrent.futures.Executor` (a process pool, a
cluster's executor): the trials are shipped as chunks of seeds, and each worker
loads the pack by name, so nothing unpicklable travels.

The same seed gives the same counts whatever the executor and the chunk size.
"""

from __future__ import annotations

import math
import random
import secrets
import statistics
import time
from array import array
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from fractions import Fraction
from functools import lru_cache

import attrs

from progression._frozen import freeze
from progression.engine.dice import SeededDice
from progression.errors import InvalidInput
from progression.rulepacks.commands import Exact, Simulation
from progression.rulepacks.discovery import load
from progression.rulepacks.loading import load_file
from progression.rulepacks.rulepack import RulePack

__all__ = ["Trials", "exact", "run_chunk", "run_trials"]

#: The percentiles reported by default.
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)

#: The most work a chunk sent to an executor holds when the caller does not size them, in seconds: a chunk's trip to
#: a Dask worker and back costs about 6 ms of the cluster's processes (3 ms of the client's, 3 of the worker's),
#: about 2 % of this (issue 18).
CHUNK_SECONDS = 0.25
#: The least work a chunk holds when the caller does not size them, in seconds: a chunk of less would be a trip
#: more than a tenth of its own cost.
LEAST_CHUNK_SECONDS = 0.05
#: The fewest chunks a study is cut in when the caller does not size them (unless that would make chunks of less
#: than ``LEAST_CHUNK_SECONDS``), so that a cluster of up to eight workers gets four chunks each and none waits long
#: for the last.
FEWEST_CHUNKS = 32
#: How long the first trials run in the calling process to learn what one costs, in seconds.
PROBE_SECONDS = 0.02


def pack_named(spec: str) -> RulePack:
    """A pack by installed name, or from a TOML file when ``spec`` looks like a path."""
    if spec.endswith(".toml") or "/" in spec or "\\" in spec:
        return load_file(spec)
    return load(spec)


@lru_cache(maxsize=8)
def _worker_pack(spec: str) -> RulePack:
    """The pack a worker process loads once and keeps for every chunk it runs."""
    return pack_named(spec)


def _simulation(pack: RulePack, name: str) -> Simulation:
    """The pack's simulation ``name``, or an error listing those it has."""
    found: Simulation = pack.contract.get("simulations", name, f"rule pack {pack.name!r}")  # type: ignore[assignment]
    return found


def run_chunk(pack_spec: str, name: str, seeds: Sequence[int], params: Mapping[str, object]) -> Sequence[int]:
    """Run one trial per seed and return the counts (a module-level function, so executors can ship it).

    The counts come back as one array of 64-bit integers, or a list when one does not fit: a cluster sends
    an array as a single buffer, where it writes a list item by item (Dask ``distributed``: 2,500 counts a
    chunk made a study on two workers 1.45 times as long, issue 18).
    """
    counts = _run_seeds(_worker_pack(pack_spec), name, seeds, params)
    try:
        return array("q", counts)
    except OverflowError:
        return counts


def _run_seeds(pack: RulePack, name: str, seeds: Sequence[int], params: Mapping[str, object]) -> list[int]:
    simulation = _simulation(pack, name)
    return [simulation(pack, SeededDice(seed), **params) for seed in seeds]


@attrs.frozen(kw_only=True)
class Trials:
    """The counts of a Monte Carlo study, and their summary."""

    pack: str
    name: str
    #: The seed the trials' seeds were drawn from (the same seed gives the same counts).
    seed: int
    params: Mapping[str, object] = attrs.field(converter=freeze)
    counts: tuple[int, ...]

    @property
    def mean(self) -> float:
        """The average count."""
        return statistics.fmean(self.counts)

    @property
    def median(self) -> float:
        """The middle count (the mean of the two middle ones for an even number of trials)."""
        return float(statistics.median(self.counts))

    def percentile(self, p: float) -> int:
        """The smallest count with at least ``p`` percent of the trials at or below it (nearest rank)."""
        if not 0 <= p <= 100:
            msg = f"a percentile is from 0 to 100, got {p!r}"
            raise InvalidInput(msg)
        ordered = sorted(self.counts)
        rank = max(1, math.ceil(p / 100 * len(ordered)))
        return ordered[rank - 1]

    def histogram(self, bins: int = 20) -> list[tuple[int, int, int]]:
        """``(low, high, trials)`` for consecutive ranges of counts: one per value when they are few."""
        low, high = min(self.counts), max(self.counts)
        width = max(1, math.ceil((high - low + 1) / bins))
        tally = [0] * ((high - low) // width + 1)
        for count in self.counts:
            tally[(count - low) // width] += 1
        return [(low + i * width, low + (i + 1) * width - 1, n) for i, n in enumerate(tally)]


def _chunks(seeds: list[int], size: int) -> list[Sequence[int]]:
    """The seeds cut in chunks of ``size``, each an array of 64-bit seeds (one buffer to send, not a list sent
    item by item)."""
    return [array("Q", seeds[i : i + size]) for i in range(0, len(seeds), size)]


def _probe(pack: RulePack, name: str, seeds: Sequence[int], params: Mapping[str, object]) -> tuple[list[int], int]:
    """The counts of the study's first trials, run here for ``PROBE_SECONDS`` (one trial at least; a study
    that short is run whole), and the trials a chunk of the rest holds, at what those trials cost: a
    ``FEWEST_CHUNKS``-th of the study, but no more than ``CHUNK_SECONDS`` of work and no less than
    ``LEAST_CHUNK_SECONDS``."""
    simulation = _simulation(pack, name)
    counts: list[int] = []
    started = time.perf_counter()
    for seed in seeds:
        counts.append(simulation(pack, SeededDice(seed), **params))
        took = time.perf_counter() - started
        if took >= PROBE_SECONDS:
            break
    per_second = len(counts) / max(took, 1e-9)
    share = min(int(CHUNK_SECONDS * per_second), math.ceil(len(seeds) / FEWEST_CHUNKS))
    return counts, max(1, int(LEAST_CHUNK_SECONDS * per_second), share)


def run_trials(
    pack_name: str,
    name: str,
    trials: int,
    seed: int | None = None,
    params: Mapping[str, object] | None = None,
    executor: Executor | None = None,
    *,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
) -> Trials:
    """Run ``trials`` trials of the pack's ``simulate.<name>``.

    Args:
        pack_name: an installed pack's name, or a pack TOML file.
        name: the simulation (its name in the pack's contract).
        trials: how many trials.
        seed: where the trials' seeds come from; None draws one (recorded in the result).
        params: the parameters of every trial, as its declaration types them (a text is read by the type).
        executor: runs chunks of trials (any :class:`concurrent.futures.Executor`); None runs them here.
        progress: called with the number of trials finished so far, after each chunk.
        chunk: trials per chunk. By default, in this process, a hundredth of them; on an executor, the first
            trials run here for 20 ms to learn what one costs (a study that short never leaves this process),
            then each chunk holds a 32nd of the trials (so that a cluster's workers share the end), but no more
            than a quarter of a second of work and no less than a twentieth (a chunk's trip to a cluster's
            worker costs a few milliseconds).

    Returns:
        The counts, in trial order, with their summary.

    Raises:
        InvalidInput: a bad number of trials, seed or chunk, parameters the simulation does not take or of the
            wrong type, a non-count result.
        UnknownName: the pack has no such simulation; the message lists those it has.
    """
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        msg = f"trials must be a whole number >= 1, got {trials!r}"
        raise InvalidInput(msg)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        msg = f"seed must be a whole number or None, got {seed!r}"
        raise InvalidInput(msg)
    if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1):
        msg = f"chunk must be a whole number of trials >= 1 or None (sized by what a trial costs), got {chunk!r}"
        raise InvalidInput(msg)
    pack = pack_named(pack_name)
    simulation = _simulation(pack, name)
    values = simulation.coerce(params or {})
    simulation.bind(values)  # wrong parameters are refused before any trial runs
    base = secrets.randbits(32) if seed is None else seed
    source = random.Random(base)
    seeds = [source.getrandbits(64) for _ in range(trials)]
    results: list[Sequence[int]] = []
    done = 0
    if executor is None:
        for part in _chunks(seeds, chunk or max(1, trials // 100)):
            results.append(_run_seeds(pack, name, part, values))
            done += len(part)
            if progress is not None:
                progress(done)
    else:
        probed, size = ([], chunk) if chunk else _probe(pack, name, seeds, values)
        if probed and progress is not None:
            progress(len(probed))
        parts = _chunks(seeds[len(probed) :], size)
        results = [probed, *([] for _ in parts)]
        futures: dict[Future[Sequence[int]], int] = {
            executor.submit(run_chunk, pack_name, name, part, values): index for index, part in enumerate(parts, 1)
        }
        done = len(probed)
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            done += len(results[index])
            if progress is not None:
                progress(done)
    counts = tuple(count for part in results for count in part)
    return Trials(pack=pack.name, name=name, seed=base, params=values, counts=counts)


def exact(pack: RulePack, name: str, params: Mapping[str, object] | None = None) -> dict[str, Fraction]:
    """The pack's exact computation ``name``: outcomes and their exact probabilities, checked.

    Args:
        params: its parameters, typed as it declares them (a text is read by the type).

    Raises:
        UnknownName: the pack has no such computation; the message lists those it has.
        InvalidInput: parameters it does not take or of the wrong type, a result that is not fractions.
    """
    computation: Exact = pack.contract.get("exacts", name, f"rule pack {pack.name!r}")  # type: ignore[assignment]
    result: dict[str, Fraction] = computation(pack, **computation.coerce(params or {}))
    return result
