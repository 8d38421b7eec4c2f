"""Validate on a Dask cluster when one machine is not enough.

``validate(paths, client)`` sends the inputs (files, folders, archives) to the workers in
consecutive batches; the workers read and replay their records with ``hensoku.read_games``,
and the client gathers, in input order, the counts per rule and the invalid records: the
same results as ``hensoku validate`` of the same inputs (``Report.lines()`` are the lines
``hensoku validate --invalid-only`` prints, byte for byte, and ``Report.rules`` its
summary's counts).

A plain file larger than ``chunk_size`` (64 MB unless told) is cut into parts of about that
size at record starts, found by the library's own record splitter (PGN games, FEN/EPD
lines, CSA games; a notation read whole stays one part); each part is read on a worker
from its byte range, and the parts' records are numbered back as one file's.

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
from typing import Any, Dict, List, Optional, Sequence, Tuple

import hensoku
from hensoku import _hensoku


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
    #: for a part of a file read apart: the file, whether the part is the file's first,
    #: and how many records it numbered (an unreadable piece takes no number)
    file: Optional[str] = None
    first: bool = True
    numbered: int = 0


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


def _verdicts(part: Part, games: Any, ranged: bool) -> Part:
    for g in games:
        part.records += 1
        if g.unreadable:
            part.unreadable += 1
        else:
            part.numbered += 1
            if g.valid:
                part.valid += 1
            else:
                part.invalid += 1
        for e in g.errors:
            part.rules[e.rule] = part.rules.get(e.rule, 0) + 1
        if not g.valid:
            d = g.to_dict()
            d["verdict"] = g.verdict()
            d["unreadable"] = g.unreadable
            if ranged and not g.unreadable:
                # the line without its label, which `gather` writes with the file's number
                d["verdict_rest"] = g.verdict(several=False)[len(g.file) + 2 :]
            part.bad.append(d)
    return part


def validate_part(path: str, game: Optional[str] = None, format: Optional[str] = None) -> Part:
    """Validate one input (runs on a worker)."""
    return _verdicts(Part(), hensoku.read_games([path], game=game, format=format), False)


def cuts(
    path: str, chunk_size: int, game: Optional[str] = None, format: Optional[str] = None
) -> Optional[Tuple[str, str, List[Tuple[int, int, int]], int]]:
    """Where a plain file larger than ``chunk_size`` bytes is cut at record starts (runs on
    a worker): its game, the boundary's name, each part's start ``(raw, offset, line)``
    and the file's size; ``None`` when it is read as one part (small, compressed, an
    archive, a folder, a notation read whole)."""
    if not os.path.isfile(path) or os.path.getsize(path) <= chunk_size:
        return None
    found = _hensoku.record_cuts(path, chunk_size, game, format)
    if found is None or len(found[2]) < 2:
        return None
    g, boundary, starts = found
    return g, boundary, starts, os.path.getsize(path)


def validate_range(
    path: str,
    start: Tuple[int, int, int],
    end: int,
    game: str,
    boundary: str,
    format: Optional[str] = None,
) -> Part:
    """Validate the part of ``path`` from the cut ``start`` to the raw offset ``end`` (runs
    on a worker); its records are numbered within the part."""
    games = _hensoku.read_range(path, tuple(start), end, game, boundary, format)
    part = Part(file=os.fspath(path), first=start[0] == 0)
    return _verdicts(part, games, True)


def gather(parts: Sequence[Part]) -> Report:
    """The report of the parts of consecutive inputs, numbered as one run (the parts of one
    file read apart numbered as that file's records)."""
    report = Report()
    rules: Dict[str, int] = {}
    base = 0
    for part in parts:
        if part.file is not None and part.first:
            base = 0
        for r in part.bad:
            r = dict(r)
            r["index"] = report.records + r["index"]
            if part.file is not None:
                r["record"] = base + r["record"]
                if "verdict_rest" in r:
                    r["verdict"] = f"{r['file']} (record {r['record']}): {r.pop('verdict_rest')}"
            report.invalid_records.append(r)
        base += part.numbered
        report.records += part.records
        report.valid += part.valid
        report.invalid += part.invalid
        report.unreadable += part.unreadable
        for k, n in part.rules.items():
            rules[k] = rules.get(k, 0) + n
    report.rules = dict(sorted(rules.items()))
    return report


def validate_batch(
    names: Sequence[str], chunk_size: int, game: Optional[str] = None, format: Optional[str] = None
) -> List[Any]:
    """Validate consecutive inputs on one worker (runs on a worker): for each, its
    ``Part``, or, for a plain file larger than ``chunk_size``, its ``cuts`` for the client
    to send out part by part. One task for many small inputs, since a task's own cost
    (scheduling, sending the result) is larger than a small file's reading."""
    out: List[Any] = []
    for name in names:
        cut = cuts(name, chunk_size, game, format)
        out.append(validate_part(name, game, format) if cut is None else cut)
    return out


def _batches(names: Sequence[str], tasks: int) -> List[Sequence[str]]:
    """``names`` in at most ``tasks`` consecutive runs of nearly equal length."""
    tasks = max(1, min(tasks, len(names)))
    size, extra = divmod(len(names), tasks)
    out, at = [], 0
    for i in range(tasks):
        n = size + (i < extra)
        out.append(names[at : at + n])
        at += n
    return [b for b in out if b]


def _workers(client: Any) -> int:
    try:
        return max(1, len(client.scheduler_info().get("workers", {})))
    except Exception:  # an unusual client: one batch per input is always right
        return 0


def validate(
    paths: Sequence[Any],
    client: Any = None,
    game: Optional[str] = None,
    format: Optional[str] = None,
    chunk_size: int = 64 << 20,
) -> Report:
    """Validate ``paths`` (files, folders, compressed files, archives) across the workers of
    ``client`` (a ``distributed.Client``; ``None``: the current one), and gather the results
    in input order. The inputs go out in consecutive batches, four per worker, and a plain
    file larger than ``chunk_size`` bytes is then read part by part, a task per part.
    Every worker must see the paths (a shared file system, or the same files on each
    machine)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if not isinstance(chunk_size, int) or chunk_size <= 0:
        raise TypeError("chunk_size must be a positive int")
    names = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise TypeError(f"paths must be str or os.PathLike, not {type(p).__name__}")
        names.append(os.fspath(p))
    if client is None:
        from distributed import get_client

        client = get_client()
    workers = _workers(client)
    batches = _batches(names, 4 * workers if workers else len(names))
    done = client.gather(
        client.map(
            validate_batch, batches, chunk_size=chunk_size, game=game, format=format, pure=False
        )
    )
    slots: List[Any] = []
    for batch, results in zip(batches, done):
        for name, result in zip(batch, results):
            if isinstance(result, Part):
                slots.append(result)
                continue
            g, boundary, starts, size = result
            ends = [s[0] for s in starts[1:]] + [size]
            for start, end in zip(starts, ends):
                slots.append(
                    client.submit(validate_range, name, start, end, g, boundary, format, pure=False)
                )
    futures = [x for x in slots if not isinstance(x, Part)]
    ranged = iter(client.gather(futures))
    return gather([x if isinstance(x, Part) else next(ranged) for x in slots])
