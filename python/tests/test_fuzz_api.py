"""Malformed records through every call of every game never crash the interpreter, nor
reach it as anything but data or a documented exception: thousands of deterministic
mutations (truncations, byte flips, insertions of other records' pieces) of the tests' own
records fed to `read_games`, `convert`, the `view` page, `Position` and `solve`. A Rust
panic caught by the binding would come back as RuntimeError or an "internal error"
record: either fails the test."""

import random
import time
import warnings

import pytest

import hensoku
from test_convert_view import RECORDS
from test_games import CASES

ALLOWED = (hensoku.RecordError, ValueError, TypeError)
SEED = 35
PER_GAME = 400


def seeds():
    """Each game's own records and positions, as bytes."""
    out = {}
    for mod, _, record in RECORDS:
        out.setdefault(mod, []).append(record if isinstance(record, bytes) else record.encode())
    for mod, record, position, *_ in CASES:
        out.setdefault(mod, []).append(record.encode())
        if position:
            out[mod].append(position.encode())
    return out


SEEDS = seeds()
EVERY = [s for ss in SEEDS.values() for s in ss]


def mutate(rng, data):
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        what = rng.randrange(4)
        if what == 0 and b:  # truncate
            del b[rng.randrange(len(b)) :]
        elif what == 1 and b:  # flip bytes
            for _ in range(rng.randint(1, 6)):
                b[rng.randrange(len(b))] = rng.randrange(256)
        elif what == 2:  # insert a piece of another record
            other = rng.choice(EVERY)
            i = rng.randrange(len(other) + 1)
            piece = other[i : i + rng.randint(1, 40)]
            at = rng.randrange(len(b) + 1)
            b[at:at] = piece
        else:  # repeat or drop a slice
            if b:
                i = rng.randrange(len(b))
                j = min(len(b), i + rng.randint(1, 30))
                if rng.random() < 0.5:
                    b[i:i] = b[i:j]
                else:
                    del b[i:j]
    return bytes(b)


def inputs(mod):
    rng = random.Random(f"{SEED}-{mod.__name__}")
    return [mutate(rng, rng.choice(SEEDS[mod])) for _ in range(PER_GAME)]


def call(f, *args, **kw):
    """`f(...)`'s value, or None when it raised an allowed exception."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return f(*args, **kw)
    except ALLOWED as e:
        assert "internal error" not in str(e), e
        return None


@pytest.mark.parametrize("mod", list(SEEDS), ids=[m.__name__.split(".")[-1] for m in SEEDS])
def test_malformed_records_are_data_or_errors(mod):
    game = mod.Position.game
    targets = mod.targets()
    began = time.monotonic()
    rng = random.Random(SEED)
    for n, data in enumerate(inputs(mod)):
        games = call(lambda: list(hensoku.read_games(data, game=game)))
        assert games is not None and games, data
        for g in games:
            assert isinstance(g.valid, bool)
            for e in g.errors:
                assert "internal error" not in e.message, (data, e)
                assert e.rule and e.line >= 1
            g.to_dict()
            if n % 8 == 0:
                shown = g._repr_html_()
                assert "internal error" not in shown, data
        call(mod.convert, data, rng.choice(targets))
        text = data.decode("utf-8", "replace")
        for line in text.splitlines()[:2]:
            pos = call(mod.Position, line)
            if pos is None:
                continue
            pos.legal_moves()
            if n % 4 == 0:
                answer = call(mod.solve, pos, rng.choice(["#1", "#2", "h#1", "s#1"]), nodes=2000)
                assert answer is None or "result" in answer
    assert time.monotonic() - began < 60


def test_wrong_types_raise_type_error():
    from hensoku import chess

    for bad in (3, 2.5, object()):
        with pytest.raises(TypeError):
            list(hensoku.read_games(bad, game="chess"))
        with pytest.raises(TypeError):
            chess.convert(bad, "pgn")
        with pytest.raises(TypeError):
            chess.solve(bad, "#1")
    with pytest.raises(TypeError):
        chess.solve(chess.Position(), 2)
    with pytest.raises(TypeError):
        chess.view(b"1. e4 *\n", format=7)
