"""`hensoku.read_games` over every kind of source, the errors it collects, `strict=True`,
and the TypeErrors of wrong arguments."""

import bz2
import gzip
import io
import lzma
import pathlib
import threading
import zipfile

import pytest

import hensoku

TWO = (
    '[Event "a"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    '[Event "b"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n'
)


def check_two(games):
    assert [g.record for g in games] == [1, 2]
    a, b = games
    assert a.headers == {"Event": "a", "White": "A", "Black": "B", "Result": "1-0"}
    assert a.moves == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    assert a.result == {"winner": "white", "reason": "checkmate", "ending": "win"}
    assert a.valid and a.start.startswith("rnbqkbnr/pppppppp")
    assert not b.valid and b.moves == ["e4", "e5"] and b.plies == 2
    (e,) = b.errors
    assert e.line == 11 and e.column == 13 and e.ply == 3 and e.rule == "IllegalMovement"
    assert b.line == 8 and b.index == 2
    assert e.to_dict()["rule"] == e.rule


def test_bytes_and_text(tmp_path):
    check_two(list(hensoku.read_games(TWO.encode(), game="chess")))
    check_two(list(hensoku.read_games(TWO, game="chess")))


def test_paths_files_and_compressions(tmp_path):
    plain = tmp_path / "two.pgn"
    plain.write_text(TWO)
    check_two(list(hensoku.read_games(plain)))
    check_two(list(hensoku.read_games(str(plain))))
    with open(plain) as f:
        check_two(list(hensoku.read_games(f)))
    with open(plain, "rb") as f:
        check_two(list(hensoku.read_games(f)))
    check_two(list(hensoku.read_games(io.BytesIO(TWO.encode()), game="chess")))
    for suffix, pack in [(".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress)]:
        packed = tmp_path / ("two.pgn" + suffix)
        packed.write_bytes(pack(TWO.encode()))
        games = list(hensoku.read_games(packed))
        check_two(games)
        assert games[0].file.endswith(suffix)
        # unnamed bytes are recognised by their magic number
        check_two(list(hensoku.read_games(pack(TWO.encode()), game="chess")))


def test_archives_folders_and_lists(tmp_path):
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("x/two.pgn", TWO)
        z.writestr("x/readme.txt", "not a record")
    games = list(hensoku.read_games(archive))
    check_two(games)
    assert games[0].file.endswith("games.zip:x/two.pgn")
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "b.pgn").write_text(TWO)
    (folder / "a.usi").write_text("position startpos moves 7g7f 3c3d\n")
    games = list(hensoku.read_games(folder))
    assert [g.game for g in games] == ["shogi", "chess", "chess"]
    assert [g.index for g in games] == [1, 2, 3]
    games = list(hensoku.read_games([folder / "a.usi", str(folder / "b.pgn")]))
    assert len(games) == 3


def test_shift_jis_kif_is_decoded(fixtures):
    games = list(hensoku.read_games(fixtures / "shogi" / "tsume5.kif"))
    assert games and games[0].game == "shogi"
    assert games[0].moves


def test_unreadable_inputs_are_records_with_an_error(tmp_path):
    (missing,) = hensoku.read_games(tmp_path / "missing.pgn")
    assert missing.unreadable and not missing.valid
    assert missing.errors[0].rule == "Unreadable"
    assert "missing.pgn" in missing.errors[0].message
    (latin,) = hensoku.read_games(b"[Event \"\xe9\"]\n\n1. e4 *\n", game="chess")
    assert latin.unreadable and latin.errors[0].rule == "Encoding"
    (empty,) = hensoku.read_games(b"  \n", game="chess")
    assert empty.errors[0].rule == "NoRecord"
    (unknown,) = hensoku.read_games(b"hello\n")
    assert unknown.unreadable and "game=" in unknown.errors[0].message


def test_strict_raises_record_error():
    games = hensoku.read_games(TWO, game="chess", strict=True)
    assert next(games).valid
    with pytest.raises(hensoku.RecordError) as e:
        next(games)
    assert e.value.line == 11 and e.value.column == 13 and e.value.rule == "IllegalMovement"
    assert e.value.ply == 3


def test_wrong_argument_types_raise_type_error():
    with pytest.raises(TypeError, match="source must be a path"):
        hensoku.read_games(42)
    with pytest.raises(TypeError, match="game must be a str"):
        hensoku.read_games("1. e4 *\n", game=1)
    with pytest.raises(TypeError, match="format must be a str"):
        hensoku.read_games("1. e4 *\n", game="chess", format=b"pgn")
    with pytest.raises(TypeError, match="list of sources must hold paths"):
        hensoku.read_games([1, 2])
    with pytest.raises(ValueError, match="unknown game"):
        hensoku.read_games("1. e4 *\n", game="checkers")
    with pytest.raises(TypeError):
        hensoku.chess.Position(5)
    with pytest.raises(TypeError, match="position must be"):
        hensoku.chess.perft(3.5, 1)
    with pytest.raises(TypeError, match="stipulation must be a str"):
        hensoku.chess.solve(None, 2)


def test_games_are_lazy_and_threads_can_read():
    text = TWO * 200
    it = hensoku.read_games(text, game="chess")
    first = next(it)
    assert first.record == 1
    results = {}

    def count(name):
        results[name] = sum(1 for _ in hensoku.read_games(text, game="chess"))

    threads = [threading.Thread(target=count, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {0: 400, 1: 400, 2: 400}
    assert sum(1 for _ in it) == 399


def test_repr_and_html():
    (g,) = hensoku.read_games("1. f3 e5 2. g4 Qh4# 0-1\n", game="chess")
    assert "chess" in repr(g) and "valid" in repr(g)
    html = g._repr_html_()
    assert html.startswith("<iframe srcdoc=") and "&lt;svg" in html and "Qh4#" in html
    assert g.verdict() == "<bytes>: valid, 4 plies (checkmate, black wins)"


def test_fen_and_epd_files_are_positions(tmp_path):
    epd = tmp_path / "suite.epd"
    epd.write_text('4k3/8/8/8/8/8/4P3/4K3 w - - id "one";\n8/8/8/8/8/8/8/KK5k w - - id "two";\n')
    one, two = hensoku.read_games(epd)
    assert one.valid and one.plies == 0 and one.moves == []
    assert one.start == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert one.headers == {"FEN": one.start, "id": "one"}
    assert one.result["reason"] == "position"
    assert not two.valid and two.errors[0].line == 2
    (fen,) = hensoku.read_games(b"8/8/8/8/8/8/8/K6k b - - 0 1\n", game="chess", format="fen")
    assert fen.valid and fen.start == "8/8/8/8/8/8/8/K6k b - - 0 1"
