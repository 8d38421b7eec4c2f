"""Bad input never crashes the interpreter: the readers' fuzz corpus (fuzz/corpus, when
present), the repository's fixtures and grammar examples, and deterministic mutations of
them, through every reader and every Position class. Each input is data (a record with
errors) or an exception (RecordError, ValueError), never a panic."""

import pathlib
import random

import pytest

import hensoku
from hensoku import chess, fived, portal_buckley, portal_hidden, portal_howe, quantum, shelt
from hensoku import shogi, shogi_cards

from conftest import REPO

MODULES = [shogi, shogi_cards, shelt, chess, portal_hidden, portal_buckley, portal_howe, fived, quantum]


def corpus():
    roots = [REPO / "fuzz" / "corpus", REPO / "tests" / "fixtures", REPO / "grammar"]
    files = []
    for root in roots:
        if root.is_dir():
            files += sorted(p for p in root.rglob("*") if p.is_file() and p.stat().st_size < 200_000)
    seeds = [p.read_bytes() for p in files]
    rng = random.Random(35)
    mutated = []
    for s in seeds:
        for _ in range(4):
            b = bytearray(s)
            if not b:
                continue
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(b))
                b[i] = rng.choice([0, 0xFF, 0x80, ord("\n"), ord("["), ord("{"), ord("*"), rng.randrange(256)])
            cut = rng.randrange(len(b) + 1)
            mutated.append(bytes(b[:cut]))
            mutated.append(bytes(b) * 2)
    return seeds + mutated


CORPUS = corpus()


def test_the_corpus_is_not_empty():
    assert len(CORPUS) > 50


@pytest.mark.parametrize("mod", MODULES, ids=[m.__name__ for m in MODULES])
def test_every_reader_takes_the_corpus(mod):
    game = mod.Position.game
    for data in CORPUS:
        for g in hensoku.read_games(data, game=game):
            assert isinstance(g.valid, bool)
            g.moves, g.start, g.end, g.to_dict()
            for e in g.errors:
                assert e.rule and e.line >= 1


@pytest.mark.parametrize("mod", MODULES, ids=[m.__name__ for m in MODULES])
def test_every_position_parser_takes_the_corpus(mod):
    for data in CORPUS:
        for line in data.decode("utf-8", "replace").splitlines()[:20]:
            try:
                pos = mod.Position(line)
            except (hensoku.RecordError, ValueError):
                continue
            pos.legal_moves()
            str(pos)
