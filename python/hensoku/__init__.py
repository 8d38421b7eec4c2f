"""hensoku: read, validate, convert and solve the notations of unusual board games.

Shogi and card shogi, Shelt, chess, Portal Chess (hidden, Buckley, Howe), 5D chess and
Quantum Chamber, through one API shaped like python-chess's and cshogi's:

>>> import hensoku
>>> game = next(hensoku.read_games(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\\n", game="chess"))
>>> game.moves[-1], game.result["reason"], game.result["winner"]
('Qxf7#', 'checkmate', 'white')
>>> from hensoku import chess
>>> chess.Position().perft(2)
400

Per game: ``hensoku.shogi``, ``hensoku.shogi_cards``, ``hensoku.shelt``, ``hensoku.chess``,
``hensoku.portal_hidden``, ``hensoku.portal_buckley``, ``hensoku.portal_howe``,
``hensoku.fived``, ``hensoku.quantum``; each has ``Position``, ``read_games``,
``validate``, ``convert``, ``perft`` and ``solve``. ``hensoku.dask`` validates on a Dask
cluster.
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Iterator, Optional, Union

from ._hensoku import Error, Game, RecordError, Reader
from . import _hensoku

__all__ = [
    "Error",
    "Game",
    "GAMES",
    "RecordError",
    "read_games",
    "record_error",
]

#: Every game's name, as ``game=`` and ``hensoku --game`` spell it.
GAMES: tuple = tuple(_hensoku.games())

Source = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", Any]


def _is_path_text(text: str) -> bool:
    """A ``str`` is a path when it is one line naming something that exists (or ``-``)."""
    if "\n" in text or len(text) > 4096:
        return False
    return text == "-" or os.path.exists(text)


def _reader(
    source: Source,
    game: Optional[str],
    format: Optional[str],
    max_record_bytes: int,
) -> Reader:
    if game is not None and not isinstance(game, str):
        raise TypeError(f"game must be a str such as 'chess', not {type(game).__name__}")
    if format is not None and not isinstance(format, str):
        raise TypeError(f"format must be a str such as 'pgn', not {type(format).__name__}")
    if not isinstance(max_record_bytes, int) or max_record_bytes <= 0:
        raise TypeError("max_record_bytes must be a positive int")
    if isinstance(source, os.PathLike):
        return _hensoku.read_paths([os.fspath(source)], game, format, max_record_bytes)
    if isinstance(source, str):
        if _is_path_text(source):
            return _hensoku.read_paths([source], game, format, max_record_bytes)
        return _hensoku.read_bytes(source, "", game, format, max_record_bytes)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _hensoku.read_bytes(bytes(source), "", game, format, max_record_bytes)
    if isinstance(source, (list, tuple)):
        paths = []
        for p in source:
            if not isinstance(p, (str, os.PathLike)):
                raise TypeError(
                    f"a list of sources must hold paths (str or os.PathLike), not {type(p).__name__}"
                )
            paths.append(os.fspath(p))
        return _hensoku.read_paths(paths, game, format, max_record_bytes)
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        name = getattr(source, "name", "")
        name = os.path.basename(name) if isinstance(name, str) else ""
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError(f"the file's read() gave {type(data).__name__}, not str or bytes")
        return _hensoku.read_bytes(bytes(data), name, game, format, max_record_bytes)
    raise TypeError(
        "source must be a path (str or os.PathLike), a list of paths, an open file, "
        f"bytes or str, not {type(source).__name__}"
    )


def record_error(error: Error) -> RecordError:
    """The ``RecordError`` of one of a record's errors (what ``strict=True`` raises)."""
    e = RecordError(f"line {error.line}, column {error.column}: {error.message} [{error.rule}]")
    e.rule, e.message, e.line = error.rule, error.message, error.line
    e.column, e.offset, e.ply = error.column, error.offset, error.ply
    return e


def _strict(games: Iterable[Game]) -> Iterator[Game]:
    for g in games:
        if g.errors:
            raise record_error(g.errors[0])
        yield g


def read_games(
    source: Source,
    game: Optional[str] = None,
    format: Optional[str] = None,
    *,
    strict: bool = False,
    max_record_bytes: int = 64 << 20,
) -> Iterator[Game]:
    """Every record of ``source``, read and replayed, lazily, in input order.

    ``source`` is a path (a file, a folder walked in name order, a compressed file
    ``.gz``/``.zst``/``.bz2``/``.xz``, a ``.zip`` or ``.tar`` archive, ``-`` for standard
    input), a list of paths, an open file (text or binary), ``bytes`` or ``str`` (the text
    itself). ``game`` (``"chess"``, ``"shogi"``, …; see ``GAMES``) and ``format`` (chess:
    ``pgn``/``fen``/``epd``) are inferred as ``hensoku validate`` infers them when absent.

    Each record is a ``Game``; its ``errors`` list every rule it breaks (or why it could not
    be read). With ``strict=True`` the first error raises ``RecordError`` instead. Reading,
    decompressing and replaying run on a thread of their own, without the GIL.
    """
    reader = _reader(source, game, format, max_record_bytes)
    return _strict(reader) if strict else reader
