"""Every game through one table: its start position, a record, a puzzle and its key (the
cases of tests/cli/library_faces.rs, which the command line agrees with)."""

import pytest

import hensoku
from conftest import REPO
from hensoku import chess, fived, portal_buckley, portal_hidden, portal_howe, quantum, shelt
from hensoku import shogi, shogi_cards

CASES = [
    # module, a record as text, its game, a puzzle, its stipulation, the key
    (shogi, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "#1", "G*5b"),
    (shogi_cards, "position startpos moves 7g7f 3c3d R:8h2b+ 3a2b\n",
     "8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I -", "#1", "I:S*1b"),
    (shelt, "tes,vi,pal\nfox,le,umt\n",
     "3,ful,milf,1,eke/7/6,kmir/7/7/7/teems,1,ral,1,ser,2 arxe -/- -/- 0/0", "#2",
     "vin,ki,milf ann nim,ki,ful"),
    (chess, "1. f3 e5 2. g4 Qh4# 0-1\n", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "#1", "Ra8#"),
    (portal_hidden, "1. e4 e5 *\n", "8/6Q1/8/8/k7/8/8/2K1R3 w - - 0 1 d1,b4,c4,b5", "#2", "Kxd1→c4"),
    (portal_buckley, "1. d4 d5 *\n", "R1k1K3/8/8/8/8/8/8/8 w - - 0 1 d6:b8", "#1", "@d6-c7#"),
    (portal_howe, "[Event \"faces\"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n",
     "8/8/6n1/7K/8/8/8/8 8/4R1Q1/7k/8/3r4/3p4/8/8 wA -/- -/- - 0 1", "#1", "kAh5→?#"),
    (fived, "[Mode \"5D\"]\n[Board \"Standard\"]\n1. e3 / f6\n2. d3 / g5\n", None, None, None),
    (quantum, (REPO / "tests" / "fixtures" / "quantum" / "good.qgn").read_text(), "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1", "#1", "c2@NE"),
]
IDS = [c[0].__name__.split(".")[-1] for c in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_start_prints_and_parses_back(case):
    mod = case[0]
    start = mod.Position()
    again = mod.Position(str(start))
    assert str(again) == str(start)
    assert again == start and hash(again) == hash(start)
    assert "Position(" in repr(start)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_perft_counts_the_legal_moves_and_play_follows_them(case):
    mod = case[0]
    pos = mod.Position()
    moves = pos.legal_moves()
    assert len(moves) == pos.perft(1) == mod.perft(pos, 1) > 0
    after = pos.play(moves[0])
    assert str(after) != str(pos)
    copy = pos.copy()
    copy.push(moves[0])
    assert copy == after and pos != after


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_record_reads_and_replays(case):
    mod, text = case[0], case[1]
    games = mod.validate(text)
    assert len(games) == 1
    g = games[0]
    assert g.valid, g.errors
    assert g.errors == [] and g.game == mod.Position.game
    assert len(g.moves) == g.plies > 0
    assert g.start is not None
    d = g.to_dict()
    assert d["moves"] == g.moves and d["valid"] is True and d["result"] == g.result


@pytest.mark.parametrize("case", [c for c in CASES if c[2]], ids=[i for c, i in zip(CASES, IDS) if c[2]])
def test_the_puzzle_is_solved_with_its_key(case):
    mod, _, puzzle, stipulation, key = case
    answer = mod.solve(puzzle, stipulation)
    assert answer["result"] == "solved", answer
    assert key in answer["keys"]
    assert answer["game"] == mod.Position.game and answer["position"] == str(mod.Position(puzzle))
    assert answer["stipulation"]["play"] == "direct"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_board_draws_as_svg(case):
    svg = case[0].Position()._repr_svg_()
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:200]
    assert case[0].Position().diagram(ascii=True)


def test_chess_check_and_outcome():
    pos = chess.Position()
    for mv in ["f3", "e5", "g4"]:
        pos.push(mv)
    assert pos.is_check() is False and pos.outcome() is None
    pos.push("Qh4#")
    assert pos.is_check() is True
    assert pos.outcome() == {"reason": "checkmate", "winner": "black"}


def test_shogi_two_pawns_is_named():
    pos = shogi.Position("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
    with pytest.raises(hensoku.RecordError) as e:
        pos.push("P*5e")
    assert e.value.rule == "TwoPawns"
    assert e.value.line == 1 and e.value.column >= 1


def test_a_bad_position_raises_with_its_place():
    with pytest.raises(hensoku.RecordError) as e:
        chess.Position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1")
    assert e.value.rule and e.value.line == 1 and e.value.column > 1
    assert isinstance(e.value, ValueError)


def test_solve_limits_answer_unknown():
    answer = shogi.solve("4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1", "mate in 9", nodes=50)
    assert answer["result"] in ("unknown", "no_solution"), answer["result"]


def test_help_and_self_play_as_the_command_line_solves_them():
    # every solution of a helpmate, as `hensoku solve --stipulation h#3` lists them
    answer = chess.solve("2K5/8/4k3/8/8/8/8/2Q5 b - - 0 1", "h#3")
    assert answer["result"] == "solved"
    assert [s["moves"] for s in answer["solutions"]] == [
        ["Kf7", "Kd7", "Kf8", "Ke6", "Ke8", "Qc8#"]
    ]
    selfmate = chess.solve("2r5/6R1/3N4/7q/4Q3/4n3/3K1k2/8 w - - 0 1", "s#2")
    assert selfmate["keys"] == ["Qxe3+"]
    # a game without a solver for the stipulation says so
    # the new games' help play, as `docs/stipulations.md` shows the command line solving it
    helpwin = hensoku.quantum.solve("3s/5/2S1l1/S3s2/S5/5/1s2 b 1:0 -", "h#2")
    assert [s["moves"] for s in helpwin["solutions"]] == [["e6>g6", "d1~b1", "g6>c6", "c1>xc6#"]]
    jumps = hensoku.fived.solve("[2k3/K5/6/6/6/5N:0:1:w]", "h#1.5")
    assert helpwin["complete"] and jumps["complete"] and jumps["count"] == 3
    assert jumps["solutions"][0]["moves"] == ["(0T1)Nd2", "(0T1)Kd6", "(0T2)Nd2>>(0T1)d4~#"]
    with pytest.raises(ValueError, match="quantum has no series play"):
        hensoku.quantum.solve(hensoku.quantum.Position(), "ser-h#2")
    with pytest.raises(ValueError, match="shelt has no series play"):
        hensoku.shelt.solve(hensoku.shelt.Position(), "ser-h#2")
    with pytest.raises(ValueError):
        chess.solve("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "x#2")


def test_convert_chess_to_pgn_and_shogi_to_usi():
    pgn = chess.convert("[Event \"x\"]\n[Result \"0-1\"]\n\n1.f3 e5 2.g4 Qh4# 0-1\n", "pgn")
    assert pgn == '[Event "x"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    again = list(chess.read_games(pgn))
    assert again[0].moves == ["f3", "e5", "g4", "Qh4#"]
    with pytest.warns(UserWarning, match="sfen cannot carry the record's moves"):
        sfen = shogi.convert("position startpos moves 7g7f 3c3d\n", "sfen")
    assert sfen.startswith("lnsgkgsnl/") and sfen.endswith(" b - 3\n")
    with pytest.raises(ValueError, match="unknown shogi notation `pgn`"):
        shogi.convert("position startpos moves 7g7f\n", "pgn")
    with pytest.raises(hensoku.RecordError):
        chess.convert("1. e4 e4 *\n", "pgn")
