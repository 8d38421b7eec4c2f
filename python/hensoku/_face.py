"""What every game module offers, written once: ``hensoku.chess`` and the others bind it to
their game's ``Position``."""

from __future__ import annotations

import json
from typing import Any, Dict, Iterator, List, Optional

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

    def convert(self, source: Any, to: str, format: Optional[str] = None) -> str:
        """The records of ``source`` written in notation ``to``: ``pgn`` for chess and Portal
        Chess (SAN moves), ``usi`` for shogi (``position sfen … moves …``). Every record must
        be valid (``RecordError`` otherwise)."""
        if not isinstance(to, str):
            raise TypeError(f"to must be a str such as 'pgn', not {type(to).__name__}")
        writers = _WRITERS.get(self.game, {})
        if to.lower() not in writers:
            known = ", ".join(sorted(writers)) or "none yet"
            raise ValueError(f"{self.game} records convert to: {known} (not `{to}`)")
        write = writers[to.lower()]
        return "".join(write(g) for g in self.read_games(source, format=format, strict=True))


def _pgn(game: Game) -> str:
    headers = dict(game.headers)
    ending = game.result
    stated = {"white": "1-0", "black": "0-1"}.get(ending["winner"] or "", "*")
    if ending["ending"] == "draw":
        stated = "1/2-1/2"
    result = headers.get("Result", stated)
    lines = [f'[{k} "{v}"]' for k, v in headers.items()]
    moves = game.moves
    text: List[str] = []
    for i, mv in enumerate(moves):
        if i % 2 == 0:
            text.append(f"{i // 2 + 1}. {mv}")
        else:
            text.append(mv)
    text.append(result)
    body = _wrap(" ".join(text))
    return ("\n".join(lines) + "\n\n" if lines else "") + body + "\n\n"


def _wrap(text: str, width: int = 79) -> str:
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    out.append(line)
    return "\n".join(out)


def _usi(game: Game) -> str:
    moves = " ".join(game.moves)
    tail = f" moves {moves}" if moves else ""
    return f"position sfen {game.start}{tail}\n"


_WRITERS = {
    "chess": {"pgn": _pgn},
    "portal-hidden": {"pgn": _pgn},
    "portal-buckley": {"pgn": _pgn},
    "shogi": {"usi": _usi},
}
