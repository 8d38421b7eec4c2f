"""`convert` and the `view` page through Python are the command line's own: every game's
record converted to every notation it offers is byte for byte what `hensoku convert` prints,
and `Game._repr_html_` embeds the page `hensoku view` writes for the same record."""

import html
import re
import subprocess
import warnings

import pytest

import hensoku
from conftest import FIXTURES
from hensoku import chess, fived, portal_buckley, portal_hidden, portal_howe, quantum, shelt
from hensoku import shogi, shogi_cards

# module, file name (its extension tells the notation), record
RECORDS = [
    (shogi, "game.usi", "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n"),
    (shogi, "timed.kif", (FIXTURES / "shogi" / "timed.kif").read_bytes()),
    (shogi_cards, "cards.usi", "position startpos moves 7g7f 3c3d R:8h2b+ 3a2b\n"),
    (shelt, "game.shelt", "tes,vi,pal\nfox,le,umt\n"),
    (chess, "games.pgn", '[Event "a"]\n\n1. e4 e5 2. Nf3 {a knight} Nc6 (2... d6) 3. Bb5 *\n\n'
     '[Event "b"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'),
    (chess, "positions.fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n8/8/8/8/8/2k5/8/K7 b - - 0 1\n"),
    (portal_hidden, "hidden.pgn", "1. e4 e5 2. Nf3 *\n"),
    (portal_buckley, "buckley.pgn", "1. d4 d5 *\n"),
    (portal_howe, "howe.pgn", '[Event "faces"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n'),
    (fived, "game.5dpgn", '[Mode "5D"]\n[Board "Standard"]\n1. e3 / f6\n2. d3 / g5\n'),
    (quantum, "good.qgn", (FIXTURES / "quantum" / "good.qgn").read_bytes()),
]
IDS = [f"{m.__name__.split('.')[-1]}-{n}" for m, n, _ in RECORDS]


def write(tmp_path, name, record):
    path = tmp_path / name
    path.write_bytes(record if isinstance(record, bytes) else record.encode())
    return path


def run(cli, *args):
    return subprocess.run([cli, *map(str, args)], capture_output=True, check=False)


@pytest.mark.parametrize("case", RECORDS, ids=IDS)
def test_every_target_converts_as_the_command_line_does(cli, tmp_path, case):
    mod, name, record = case
    path = write(tmp_path, name, record)
    game = mod.Position.game
    targets = mod.targets()
    assert targets, game
    converted = 0
    for to in targets:
        out = run(cli, "convert", path, "--to", to, "--game", game)
        if out.returncode != 0:
            # the command refuses it (a FEN file to moves): so does Python, with its words
            message = out.stderr.decode()
            with pytest.raises((hensoku.RecordError, ValueError)) as e:
                mod.convert(path, to)
            said = getattr(e.value, "message", None) or str(e.value)
            assert said in message, (to, message, e.value)
            continue
        with warnings.catch_warnings():
            # what `to` cannot carry is a warning (the command line's on standard error)
            warnings.simplefilter("ignore")
            got = mod.convert(path, to)
            with open(path, "rb") as f:
                assert mod.convert(f, to) == got
        assert got.encode() == out.stdout, (game, to)
        converted += 1
    assert converted >= 1


def test_convert_refuses_what_cannot_be_converted(tmp_path):
    with pytest.raises(ValueError, match="unknown chess notation `kif`"):
        chess.convert("1. e4 e5 *\n", "kif")
    with pytest.raises(hensoku.RecordError) as e:
        chess.convert("1. e4 e5 2. Ke3 *\n", "uci")
    assert e.value.rule == "IllegalMovement" and e.value.line == 1
    with pytest.raises(TypeError):
        chess.convert("1. e4 *\n", 3)
    with pytest.warns(UserWarning, match="dropped"):
        assert shelt.convert("tes,vi,pal\nfox,le,umt\n", "spn").endswith(" arxe -/- -/- 0/0\n")
    with pytest.raises(ValueError, match="cannot carry"):
        shelt.convert("tes,vi,pal\nfox,le,umt\n", "spn", strict=True)


def attributes(page):
    root = re.search(r'<[^>]*id="hensoku-view"[^>]*>', page)
    assert root, page[:300]
    tag = root.group(0)
    return (
        re.search(r'data-game="([^"]*)"', tag).group(1),
        int(re.search(r'data-plies="(\d+)"', tag).group(1)),
    )


@pytest.mark.parametrize("case", RECORDS, ids=IDS)
def test_repr_html_embeds_the_view_page(cli, tmp_path, case):
    mod, name, record = case
    path = write(tmp_path, name, record)
    game = mod.Position.game
    page = run(cli, "view", path, "--game", game, "-o", "-").stdout.decode()
    games = list(hensoku.read_games(path, game=game))
    first = games[0]
    shown = first._repr_html_()
    assert shown.startswith("<iframe srcdoc=\"")
    inner = html.unescape(re.search(r'srcdoc="([^"]*)"', shown).group(1))
    assert attributes(inner) == attributes(page)
    assert mod.view(path) == page
    if len(games) == 1:
        # the page of a file's one record is the command line's, byte for byte (a record
        # of a file of several is read from its own piece: its page has no note of the
        # others)
        assert inner == page
    # every record of a file of several has its own page
    for g in games:
        assert attributes(g.view_html())[1] == g.plies


def test_a_position_page_is_the_command_lines(cli):
    pos = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    page = run(cli, "view", "--game", "chess", "--position", pos, "-o", "-").stdout.decode()
    assert chess.view(position=pos) == page
    assert attributes(page) == ("chess", 0)
