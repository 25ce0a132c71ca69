"""``progression simulate``: Monte Carlo studies with a progress bar, and exact probabilities."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from typing import Any

from progression.cli.args import UsageError, resolve_pack
from progression.cli.contract import find, listing, read_options
from progression.cli.output import Output, Table, rich_available, terminal
from progression.spelling import command_line
from progression.studies import PERCENTILES, Trials, exact, run_trials

__all__ = ["run_simulate"]

BAR = 40


def _listing(pack_spec: str) -> str:
    pack = resolve_pack(pack_spec)
    sims, exacts = pack.contract.names("simulations"), pack.contract.names("exacts")
    return f"simulations: {', '.join(sims) or 'none'}; exact: {', '.join(exacts) or 'none'}"


def offered(pack_spec: str, out: Output) -> int:
    """What a pack offers to simulate, each with its doc and its parameters, as it declares them."""
    pack = resolve_pack(pack_spec)
    families = {"simulate": pack.contract.simulations, "exact": pack.contract.exacts}
    if out.json_mode:
        out.json({family: {c.name: c.data() for c in commands} for family, commands in families.items()})
        return 0
    out.line(
        f"{pack.name} offers (run one with `progression simulate {pack_spec} NAME` "
        f"or `progression simulate {pack_spec} --exact NAME`, parameters with --param KEY=VALUE):"
    )
    for family, commands in families.items():
        for command in sorted(commands, key=lambda c: c.name):
            out.line()
            out.line(f"{family} {command.name}: {command.summary}")
            for line in listing(command):
                out.line(line)
    if not any(families.values()):
        out.line("nothing: the pack declares no simulation nor exact computation")
    return 0


def _naming(pack_spec: str) -> str:
    """The command that runs a simulation of the pack: its one simulation, or NAME, said in words after it."""
    names = resolve_pack(pack_spec).contract.names("simulations")
    if len(names) == 1:
        return f"`{command_line('progression', 'simulate', pack_spec, names[0])} ...`"
    return f"`{command_line('progression', 'simulate', pack_spec, 'NAME')} ...`, NAME one of {', '.join(names)}"


#: The options only a simulation's run reads, by their attribute: what ``--exact`` or the listing would ignore.
_RUN_ONLY = {"trials": "--trials", "seed": "--seed", "workers": "--workers"}


def run_simulate(args: argparse.Namespace, out: Output) -> int:
    if args.name is not None and args.exact is not None:
        msg = f"name one simulation, or --exact NAME, not both; pack {args.pack!r} has {_listing(args.pack)}"
        raise UsageError(msg)
    if args.name is None:  # an option the listing or an exact computation would not read is refused, never ignored
        unread = [flag for key, flag in _RUN_ONLY.items() if getattr(args, key) is not None]
        if args.exact is None and args.param:  # the listing reads no parameter; an exact computation does
            unread.append("--param")
        if unread:
            given = f"{', '.join(unread)} {'is' if len(unread) == 1 else 'are'} read by a simulation's run"
            if args.exact is not None:
                it = "it" if len(unread) == 1 else "them"
                msg = f"{given}, and --exact {args.exact} computes exactly, with no trials: leave {it} out"
            elif not resolve_pack(args.pack).contract.names("simulations"):
                msg = f"{given}, and pack {resolve_pack(args.pack).name!r} has no simulation to run"
            else:
                msg = f"{given}, and no simulation is named: name one ({_naming(args.pack)})"
            raise UsageError(msg)
    if args.name is None and args.exact is None:
        return offered(args.pack, out)
    if args.exact is not None:
        return _exact(args, out)
    workers = 1 if args.workers is None else args.workers
    if workers < 1:
        msg = f"--workers must be at least 1, got {workers}"
        raise UsageError(msg)
    count = 1000 if args.trials is None else args.trials
    pack = resolve_pack(args.pack)  # a bad pack, or bad parameters, are reported before any worker starts
    simulation = pack.contract.find("simulations", args.name)  # an unknown one is named by run_trials
    helped = command_line("progression", "simulate", args.pack, args.name, "--help")
    params = read_options(simulation, args.param, "--param", help_at=helped) if simulation is not None else {}
    executor: Any = ProcessPoolExecutor(max_workers=workers) if workers > 1 else nullcontext()
    with executor as pool, progress_bar(count, quiet=out.json_mode) as advance:
        trials = run_trials(
            args.pack,
            args.name,
            count,
            seed=args.seed,
            params=params,
            executor=pool if isinstance(pool, Executor) else None,
            progress=advance,
        )
    report(out, trials)
    return 0


@contextmanager
def progress_bar(total: int, *, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr, only when both stdout and stderr are terminals: rich's, or a plain one."""
    if quiet or not (terminal(sys.stdout) and terminal(sys.stderr)):
        yield lambda done: None
        return
    if rich_available():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(file=sys.stderr), transient=True) as bar:
            task = bar.add_task("simulating", total=total)
            yield lambda done: bar.update(task, completed=done)
        return

    def plain(done: int) -> None:
        filled = BAR * done // total
        sys.stderr.write(f"\rsimulating [{'#' * filled}{' ' * (BAR - filled)}] {done}/{total}")
        sys.stderr.flush()

    yield plain
    sys.stderr.write("\r" + " " * (BAR + 30) + "\r")


def summary(trials: Trials) -> dict[str, Any]:
    """A study's summary as JSON data."""
    return {
        "pack": trials.pack,
        "name": trials.name,
        "trials": len(trials.counts),
        "seed": trials.seed,
        "params": dict(trials.params),
        "mean": trials.mean,
        "median": trials.median,
        "min": min(trials.counts),
        "max": max(trials.counts),
        "percentiles": {str(p): trials.percentile(p) for p in PERCENTILES},
        "histogram": [{"from": low, "to": high, "trials": n} for low, high, n in trials.histogram()],
    }


def report(out: Output, trials: Trials) -> None:
    data = summary(trials)
    if out.json_mode:
        out.json(data)
        return
    shown = ", ".join(f"{k}={v}" for k, v in data["params"].items())
    out.line(
        f"{data['pack']} simulate.{data['name']}: {data['trials']} trials, seed {data['seed']}"
        + (f", {shown}" if shown else "")
    )
    out.line(f"mean {data['mean']:.2f}, median {data['median']:g}, min {data['min']}, max {data['max']}")
    out.line()
    out.table(Table([f"p{p}" for p in data["percentiles"]], [list(data["percentiles"].values())], title="Percentiles"))
    widest = max(row["trials"] for row in data["histogram"])
    rows = [
        (
            str(row["from"]) if row["from"] == row["to"] else f"{row['from']}–{row['to']}",
            row["trials"],
            "#" * max(1 if row["trials"] else 0, round(BAR * row["trials"] / widest)),
        )
        for row in data["histogram"]
    ]
    out.line()
    out.table(Table(("count", "trials", ""), rows, title="Histogram"))


def _exact(args: argparse.Namespace, out: Output) -> int:
    pack = resolve_pack(args.pack)
    params = read_options(find(pack, "exacts", args.exact), args.param, "--param")
    probabilities = exact(pack, args.exact, params)
    if out.json_mode:
        out.json(
            {
                "pack": pack.name,
                "name": args.exact,
                "params": params,
                "probabilities": {k: {"fraction": str(v), "decimal": float(v)} for k, v in probabilities.items()},
            }
        )
        return 0
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    title = f"{pack.name} exact.{args.exact}" + (f" ({shown})" if shown else "")
    rows = [(pack.name_of(k), str(v), f"{float(v):.6f}") for k, v in probabilities.items()]
    out.table(Table(("outcome", "probability", "decimal"), rows, title=title))
    return 0
