"""The examples of docs/python.md and of the package's docstrings run as written."""

import doctest
import re

import pytest

import hensoku

from conftest import REPO


def test_docs_python_md_examples_run(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    text = (REPO / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"docs/python.md#{i}", "docs/python.md", 0)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # each block goes on from the ones before
    assert runner.failures == 0, f"{runner.failures} example(s) of docs/python.md failed"


def test_package_docstring_examples_run():
    failures, tried = doctest.testmod(hensoku, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
