"""Portal Chess, hidden portals: FEN with portals, SAN with portal moves, PGN.

``Position(text)`` parses the position notation (``Position()`` is the start) and ``str()``
prints it; ``read_games``, ``validate``, ``convert``, ``perft`` and ``solve`` work as in every
game module (see ``hensoku._face.Face``).
"""

from ._face import Face as _Face
from ._hensoku import HiddenPosition as Position

_face = _Face("portal-hidden", Position)
read_games = _face.read_games
validate = _face.validate
convert = _face.convert
targets = _face.targets
view = _face.view
perft = _face.perft
solve = _face.solve

__all__ = ["Position", "read_games", "validate", "convert", "targets", "view", "perft", "solve"]
