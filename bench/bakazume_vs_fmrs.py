#!/usr/bin/env python3
"""Side by side: hensoku's ばか詰 (bakazume, shogi helpmate) and fmrs on fmrs's own problems.

fmrs (ogiekako/fmrs, MIT) is a peer, never part of hensoku: build it yourself from its
public source in a folder outside this repository (its README: `cargo build --release` in
its `rust/` folder) and give its binary and its checkout here. The problems are the SFEN
files that fmrs's `rust/problems/FAST_PROBLEMS.md` lists, read from the checkout (they are
not copied into this repository).

    cargo build --release
    python3 bench/bakazume_vs_fmrs.py FMRS_BINARY FMRS_CHECKOUT [--hensoku PATH]
                                      [--timeout SECONDS] [--all] [PROBLEM ...]

Each problem runs in a new process for each program, one after the other, each under the
timeout (default 300 s; a process over it is killed): fmrs as `FMRS_BINARY solve standard
FILE`, hensoku as `hensoku solve --game shogi --position SFEN --stipulation "bakazume N"
--json`. Times are CPU seconds (user + system) of the process, wall seconds beside them.

The length bound N given to hensoku is fmrs's length (the plies of the solution fmrs
printed); when fmrs gives none (no solution, a failure, the timeout) it is 100 000. hensoku
searches ばか詰 breadth first and stops at the first ply with a mate, so a larger bound
changes nothing but how far it looks for one. The ratio is hensoku's CPU time over fmrs's.

What is compared: fmrs's command line prints one shortest solution and says whether there
are others ("Multiple solutions found"), not the whole set. So the columns are: the
shortest length of each; whether fmrs's line is among hensoku's solutions; and whether both
call the answer unique (fmrs: no "Multiple solutions"; hensoku: `count` 1 and no `total`)
or both not. hensoku lists every shortest solution, each move order counted, as fmrs
counts them; when there are too many to list it gives their number (`total`), and fmrs's
line, if it is not among those listed, is checked by `hensoku validate` of the USI record
`position sfen … moves …` ("valid mate" in the table: legal, of the same length, ending in
mate, so a shortest solution).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HENSOKU = os.path.join(ROOT, "target", "release", "hensoku")
DEFAULT_BOUND = 100_000


def problems(checkout, every=False):
    """The files FAST_PROBLEMS.md lists, as (name, path), in its order; with `every`, every
    problem file of the folder (answers, `*.ans.sfen`, left out)."""
    base = os.path.join(checkout, "rust", "problems")
    if not os.path.isdir(base):
        base = os.path.join(checkout, "problems")
    if every:
        names = sorted(f for _, _, files in os.walk(base) for f in files
                       if f.endswith(".sfen") and not f.endswith(".ans.sfen"))
    else:
        listing = open(os.path.join(base, "FAST_PROBLEMS.md"), encoding="utf-8").read()
        names = re.findall(r"^\*\s+`([^`]+\.sfen)`", listing, re.M)
    found = []
    for name in names:
        paths = [os.path.join(d, name) for d, _, files in os.walk(base) if name in files]
        found.append((name, sorted(paths)[0] if paths else None))
    return found


def run(argv, timeout):
    """(stdout, stderr, exit code or None on timeout, CPU seconds, wall seconds)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err)
        deadline = start + timeout
        code = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() > deadline:
                proc.kill()
                _, _, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.005)
        wall = time.perf_counter() - start
        proc.returncode = code if code is not None else -9  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        return (out.read().decode(), err.read().decode(), code,
                usage.ru_utime + usage.ru_stime, wall)


def fmrs(binary, path, timeout):
    """fmrs's answer: {'plies', 'line', 'unique', 'status'} and times."""
    out, err, code, cpu, wall = run([binary, "solve", "standard", path], timeout)
    answer = {"plies": None, "line": None, "unique": None}
    if code is None:
        answer["status"] = "timeout"
    elif "No solution" in err:
        answer["status"] = "no solution"
    elif code != 0 or "Solved in" not in err:
        answer["status"] = "error: " + (err.strip().splitlines() or ["exit %d" % code])[-1]
    else:
        answer["status"] = "solved"
        answer["line"] = tuple(out.split())
        answer["plies"] = len(answer["line"])
        answer["unique"] = "Multiple solutions" not in err
    return answer, cpu, wall


def hensoku(binary, sfen, plies, timeout):
    """hensoku's answer: {'plies', 'lines', 'count', 'complete', 'status', 'bound'} and times."""
    bound = plies if plies else DEFAULT_BOUND
    argv = [binary, "solve", "--game", "shogi", "--position", sfen,
            "--stipulation", "bakazume %d" % bound, "--json"]
    out, err, code, cpu, wall = run(argv, timeout)
    answer = {"plies": None, "lines": set(), "count": None, "bound": bound}
    if code is None:
        answer["status"] = "timeout"
        return answer, cpu, wall
    try:
        data = json.loads(out)
    except ValueError:
        answer["status"] = "error: " + (err.strip().splitlines() or ["exit %d" % code])[-1]
        return answer, cpu, wall
    if "error" in data:
        answer["status"] = "error: " + data["error"]["message"]
        return answer, cpu, wall
    answer["status"] = data["result"]
    answer["lines"] = {tuple(s["moves"]) for s in data.get("solutions") or []}
    # `total` (a string of digits) when there are more solutions than listed
    answer["count"] = int(data["total"]) if data.get("total") else data.get("count")
    answer["complete"] = data.get("complete")
    answer["nodes"] = data.get("nodes")
    if answer["lines"]:
        answer["plies"] = min(len(line) for line in answer["lines"])
    return answer, cpu, wall


def mates(binary, sfen, line):
    """Is `line` from `sfen` legal and does it end in mate, by `hensoku validate`?"""
    with tempfile.NamedTemporaryFile("w", suffix=".usi", delete=False) as f:
        f.write("position sfen %s moves %s\n" % (sfen, " ".join(line)))
    try:
        out, _, code, _, _ = run([binary, "validate", "--game", "shogi", "--json", f.name], 600)
    finally:
        os.unlink(f.name)
    if code != 0:
        return False
    data = json.loads(out.splitlines()[0])
    return data.get("valid") and "mate" in json.dumps(data.get("result", {})).lower()


def verdict(theirs, ours):
    """(same length?, fmrs's line among hensoku's?, same uniqueness?) as table cells."""
    if theirs["plies"] is None and ours["plies"] is None:
        if theirs["status"] == "no solution" and ours["status"] == "no_solution":
            return "yes (none)", "—", "—"
        return "—", "—", "—"
    if ours["status"] == "timeout" or theirs["status"] == "timeout":
        return "unknown: timeout", "—", "—"
    if ours["plies"] is None:
        if ours["status"] == "no_solution" and theirs["plies"] > ours["bound"]:
            return "not asked: over %d" % ours["bound"], "—", "—"
        return "no", "—", "—"
    if theirs["plies"] is None:
        return "no", "—", "—"
    same_length = "yes" if theirs["plies"] == ours["plies"] else "no"
    among = "yes" if theirs["line"] in ours["lines"] else "no"
    same_unique = "yes" if theirs["unique"] == (ours["count"] == 1) else "no"
    return same_length, among, same_unique


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("fmrs_binary")
    ap.add_argument("fmrs_checkout")
    ap.add_argument("--hensoku", default=HENSOKU)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--all", action="store_true",
                    help="every problem file of the folder, not only FAST_PROBLEMS.md's")
    ap.add_argument("problem", nargs="*", help="only these file names")
    a = ap.parse_intermixed_args()

    rows = []
    for name, path in problems(a.fmrs_checkout, a.all):
        if a.problem and name not in a.problem:
            continue
        if path is None:
            print(f"{name}: listed, but not in the checkout", file=sys.stderr)
            continue
        sfen = open(path, encoding="utf-8").read().strip()
        if len(sfen.split()) == 3:  # fmrs's files may leave out the move number
            sfen += " 1"
        theirs, their_cpu, their_wall = fmrs(a.fmrs_binary, path, a.timeout)
        ours, our_cpu, our_wall = hensoku(a.hensoku, sfen, theirs["plies"], a.timeout)
        same = verdict(theirs, ours)
        if same[1] == "no" and ours.get("complete") is False and theirs["plies"] == ours["plies"]:
            if mates(a.hensoku, sfen, theirs["line"]):
                same = (same[0], "valid mate", same[2])
        print(f"{name}: fmrs {theirs['status']} {theirs['plies']} plies, unique {theirs['unique']},"
              f" {their_cpu:.2f} s; hensoku {ours['status']} {ours['plies']} plies,"
              f" {str(ours['count'])[:12]}… solutions (bound {ours['bound']}), {our_cpu:.2f} s",
              file=sys.stderr, flush=True)
        if same[1] == "no":
            print(f"  fmrs's line: {' '.join(theirs['line'])}", file=sys.stderr)
        rows.append((name, theirs, ours, same, their_cpu, our_cpu, their_wall, our_wall))

    def plies(answer):
        if answer["plies"] is not None:
            return str(answer["plies"])
        if answer["status"] == "no_solution":
            return "none ≤ %d" % answer["bound"]
        return {"no_solution": "none", "no solution": "none"}.get(answer["status"], answer["status"])

    def count(theirs, ours):
        fm = "—" if theirs["unique"] is None else ("1" if theirs["unique"] else "> 1")
        hk = "—" if ours["count"] is None or ours["plies"] is None else big(ours["count"])
        return fm, hk

    def big(n):
        digits = str(n)
        return digits if len(digits) <= 7 else f"{digits[0]}.{digits[1:3]}e{len(digits) - 1}"

    def seconds(cpu, answer):
        return "> timeout" if answer["status"] == "timeout" else f"{cpu:.2f}"

    print("| problem | plies fmrs | plies hensoku | same length | fmrs's line in hensoku's"
          " | solutions fmrs / hensoku | same uniqueness | fmrs s | hensoku s | ratio"
          " | wall fmrs / hensoku |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, theirs, ours, same, their_cpu, our_cpu, their_wall, our_wall in rows:
        fm, hk = count(theirs, ours)
        ratio = (f"{our_cpu / their_cpu:.2f}" if their_cpu > 0.005 and ours["status"] != "timeout"
                 and theirs["status"] != "timeout" and not same[0].startswith("not asked")
                 else "—")
        print(f"| {name} | {plies(theirs)} | {plies(ours)} | {same[0]} | {same[1]} | {fm} / {hk}"
              f" | {same[2]} | {seconds(their_cpu, theirs)} | {seconds(our_cpu, ours)} | {ratio}"
              f" | {their_wall:.2f} / {our_wall:.2f} |")


if __name__ == "__main__":
    main()
