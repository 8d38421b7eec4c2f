"""What every game module offers, written once: ``hensoku.chess`` and the others bind it to
their game's ``Position``."""

from __future__ import annotations

import json
import os
import warnings
from typing import Any, Dict, Iterator, List, Optional, Tuple

from . import _hensoku, _is_path_text
from . import read_games as _read_games
from ._hensoku import Game


class Face:
    """One game's functions, bound to its name and its ``Position`` class."""

    def __init__(self, game: str, position: type) -> None:
        self.game = game
        self.position = position

    def _position(self, position: Any) -> Any:
        if isinstance(position, self.position):
            return position
        if isinstance(position, str):
            return self.position(position)
        if position is None:
            return self.position()
        raise TypeError(
            f"position must be a {self.game} Position or its text (str), "
            f"not {type(position).__name__}"
        )

    def read_games(
        self, source: Any, format: Optional[str] = None, *, strict: bool = False
    ) -> Iterator[Game]:
        """``hensoku.read_games`` for this game."""
        return _read_games(source, game=self.game, format=format, strict=strict)

    def validate(
        self, source: Any, format: Optional[str] = None, *, strict: bool = False
    ) -> List[Game]:
        """Every record of ``source`` (a path, an open file, bytes or the text), replayed."""
        return list(self.read_games(source, format=format, strict=strict))

    def perft(self, position: Any, depth: int) -> int:
        """The number of move sequences of ``depth`` moves from ``position``."""
        if not isinstance(depth, int) or depth < 0:
            raise TypeError("depth must be an int ≥ 0")
        return self._position(position).perft(depth)

    def solve(
        self,
        position: Any,
        stipulation: str,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        memory: Optional[int] = None,
    ) -> Dict[str, Any]:
        """Solve ``stipulation`` (``"#2"``, ``"mate in 7"``, ``"tsume 9"``) from ``position``.

        The number counts in the game's unit (shogi: plies; chess: moves). ``nodes``,
        ``time`` (seconds) and ``memory`` (bytes) bound the search; reaching one answers
        ``result == "unknown"``. The answer has the JSON output's fields (``result``,
        ``keys``, ``moves``, ``tree``, ``stopped_by``, …, with ``game``, ``position`` and the
        ``stipulation`` as read).
        """
        if not isinstance(stipulation, str):
            raise TypeError(f"stipulation must be a str such as '#2', not {type(stipulation).__name__}")
        pos = self._position(position)
        return json.loads(pos._solve_json(stipulation, nodes, time, memory))

    def convert(
        self,
        source: Any,
        to: str,
        format: Optional[str] = None,
        *,
        strict: bool = False,
    ) -> str:
        """The records of ``source`` (a path, an open file, bytes or the text) written in
        notation ``to``: what ``hensoku convert --to TO`` prints, byte for byte, through the
        same converters. ``targets()`` lists the notations (shogi: ``usi``, ``sfen``,
        ``csa``, ``kif``, ``ki2``; chess: ``pgn``, ``san``, ``uci``, ``fen``; …);
        ``format`` names the input's notation when its name does not tell it.

        Every record must be valid (``RecordError`` otherwise, with the rule and place). What
        ``to`` cannot carry (comments, moves) is dropped with a ``UserWarning``, or refused
        with ``ValueError`` when ``strict``, as ``--strict`` refuses it.
        """
        if not isinstance(to, str):
            raise TypeError(f"to must be a str such as 'pgn', not {type(to).__name__}")
        if format is not None and not isinstance(format, str):
            raise TypeError(f"format must be a str such as 'kif', not {type(format).__name__}")
        name, data = _named_bytes(source)
        text, dropped, irregular = _hensoku.convert(self.game, name, data, to, format)
        if irregular:
            if strict:
                raise ValueError(f"{name}: irregular record ({irregular[0]}), refused under strict")
            for w in irregular:
                warnings.warn(f"{name}: {w}", stacklevel=2)
        if dropped:
            what = ", ".join(dropped)
            if strict:
                raise ValueError(f"{name}: {to} cannot carry the record's {what}")
            warnings.warn(f"{to} cannot carry the record's {what}; dropped", stacklevel=2)
        return text

    def targets(self) -> List[str]:
        """The notations ``convert`` writes for this game."""
        return list(_hensoku.convert_targets(self.game))

    def view(
        self,
        source: Any = None,
        position: Any = None,
        format: Optional[str] = None,
    ) -> str:
        """The page ``hensoku view`` writes (a self-contained HTML document) of the first
        record of ``source`` (a path, an open file, bytes or the text), or of ``position``
        (a ``Position`` or its text; the start when both are ``None``)."""
        if format is not None and not isinstance(format, str):
            raise TypeError(f"format must be a str such as 'kif', not {type(format).__name__}")
        if source is None:
            text = None if position is None else str(self._position(position))
            return _hensoku.view_html(self.game, position=text)
        name, data = _named_bytes(source)
        return _hensoku.view_html(self.game, name, data, source_format=format)


def _named_bytes(source: Any) -> Tuple[str, bytes]:
    """The name (which tells the notation) and the bytes of a path, an open file, bytes or
    the text itself."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _is_path_text(source)):
        path = os.fspath(source)
        with open(path, "rb") as f:
            return path, f.read()
    if isinstance(source, str):
        return "<bytes>", source.encode("utf-8")
    if isinstance(source, (bytes, bytearray, memoryview)):
        return "<bytes>", bytes(source)
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        name = getattr(source, "name", "")
        name = name if isinstance(name, str) and name else "<bytes>"
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError(f"the file's read() gave {type(data).__name__}, not str or bytes")
        return name, bytes(data)
    raise TypeError(
        "source must be a path (str or os.PathLike), an open file, bytes or str, "
        f"not {type(source).__name__}"
    )
