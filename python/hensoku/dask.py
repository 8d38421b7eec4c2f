"""Validate on a Dask cluster when one machine is not enough.

``validate(paths, client)`` sends each input (a file, a folder, an archive) to a worker,
which reads and replays its records with ``hensoku.read_games``, and gathers, in input
order, the counts per rule and the invalid records: the same results as ``hensoku validate``
of the same inputs (``Report.lines()`` are the lines ``hensoku validate --invalid-only``
prints, byte for byte, and ``Report.rules`` its summary's counts).

>>> from distributed import Client, LocalCluster            # doctest: +SKIP
>>> import hensoku.dask
>>> with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
...     report = hensoku.dask.validate(["a.pgn", "b.pgn.zst", "kifu/"], client)  # doctest: +SKIP
>>> report.records, report.invalid, report.rules                # doctest: +SKIP
(10432, 17, {'IllegalMove': 12, 'SelfCheck': 5})
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

import hensoku


@dataclass
class Part:
    """What one worker found in one input: its records' verdicts, in order."""

    records: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    bytes_read: int = 0
    rules: Dict[str, int] = field(default_factory=dict)
    #: the invalid and unreadable records, each as ``Game.to_dict()`` plus its ``verdict``
    bad: List[Dict[str, Any]] = field(default_factory=list)


@dataclass
class Report:
    """The gathered results of every input, in input order."""

    records: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    #: how often each rule was broken (as the summary of ``hensoku validate`` counts them)
    rules: Dict[str, int] = field(default_factory=dict)
    #: the invalid and unreadable records, in input order, with their ``index`` among all
    invalid_records: List[Dict[str, Any]] = field(default_factory=list)

    def lines(self) -> List[str]:
        """The lines ``hensoku validate --invalid-only`` prints on standard output (without
        its summary line, which tells the time)."""
        return [r["verdict"] for r in self.invalid_records if not r["unreadable"]]

    def to_dict(self) -> Dict[str, Any]:
        """The report as plain values."""
        return {
            "records": self.records,
            "valid": self.valid,
            "invalid": self.invalid,
            "unreadable": self.unreadable,
            "rules": dict(self.rules),
            "invalid_records": list(self.invalid_records),
        }


def validate_part(path: str, game: Optional[str] = None, format: Optional[str] = None) -> Part:
    """Validate one input (runs on a worker)."""
    part = Part()
    for g in hensoku.read_games([path], game=game, format=format):
        part.records += 1
        if g.unreadable:
            part.unreadable += 1
        elif g.valid:
            part.valid += 1
        else:
            part.invalid += 1
        for e in g.errors:
            part.rules[e.rule] = part.rules.get(e.rule, 0) + 1
        if not g.valid:
            d = g.to_dict()
            d["verdict"] = g.verdict()
            d["unreadable"] = g.unreadable
            part.bad.append(d)
    return part


def gather(parts: Sequence[Part]) -> Report:
    """The report of the parts of consecutive inputs, numbered as one run."""
    report = Report()
    rules: Dict[str, int] = {}
    for part in parts:
        for r in part.bad:
            r = dict(r)
            r["index"] = report.records + r["index"]
            report.invalid_records.append(r)
        report.records += part.records
        report.valid += part.valid
        report.invalid += part.invalid
        report.unreadable += part.unreadable
        for k, n in part.rules.items():
            rules[k] = rules.get(k, 0) + n
    report.rules = dict(sorted(rules.items()))
    return report


def validate(
    paths: Sequence[Any],
    client: Any = None,
    game: Optional[str] = None,
    format: Optional[str] = None,
) -> Report:
    """Validate ``paths`` (files, folders, compressed files, archives) across the workers of
    ``client`` (a ``distributed.Client``; ``None``: the current one), one task per path, and
    gather the results in input order. Every worker must see the paths (a shared file
    system, or the same files on each machine)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    names = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise TypeError(f"paths must be str or os.PathLike, not {type(p).__name__}")
        names.append(os.fspath(p))
    if client is None:
        from distributed import get_client

        client = get_client()
    futures = client.map(validate_part, names, game=game, format=format, pure=False)
    return gather(client.gather(futures))
