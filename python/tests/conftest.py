"""Shared paths and helpers of the Python tests: the repository's fixtures, and the
`hensoku` command line to compare with (HENSOKU_BIN, else the repository's build, else
PATH; the tests that need it are skipped without it)."""

import os
import pathlib
import shutil

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def cli_path():
    env = os.environ.get("HENSOKU_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        p = REPO / "target" / profile / "hensoku"
        if p.exists():
            return str(p)
    return shutil.which("hensoku")


@pytest.fixture(scope="session")
def cli():
    path = cli_path()
    if not path:
        pytest.skip("no `hensoku` binary (set HENSOKU_BIN or build the repository)")
    return path


@pytest.fixture(scope="session")
def fixtures():
    return FIXTURES
