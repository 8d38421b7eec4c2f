#!/usr/bin/env python3
"""The MSRV check that needs no old toolchain: every crate that building hensoku pulls in
(normal and build dependencies, not dev-dependencies, default features) must declare a
`rust-version` no newer than hensoku's own. The code's own use of newer std items is caught
by clippy's `incompatible_msrv` lint, which reads the same `rust-version`.

    cargo metadata --format-version 1 --locked | python3 .ci/msrv.py
"""
import json
import sys


def version(text):
    parts = [int(x) for x in (text or "0").split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


meta = json.load(sys.stdin)
packages = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
root = meta["resolve"]["root"]
ours = packages[root]["rust_version"]
if not ours:
    sys.exit("Cargo.toml has no rust-version")
seen, stack, newer = set(), [root], []
while stack:
    pid = stack.pop()
    if pid in seen:
        continue
    seen.add(pid)
    for dep in nodes[pid]["deps"]:
        if any(k["kind"] != "dev" for k in dep["dep_kinds"]):
            stack.append(dep["pkg"])
for pid in seen - {root}:
    p = packages[pid]
    if version(p.get("rust_version")) > version(ours):
        newer.append(f'{p["name"]} {p["version"]} needs Rust {p["rust_version"]}')
if newer:
    sys.exit(f"rust-version is {ours}, but:\n  " + "\n  ".join(sorted(newer)))
print(f"MSRV {ours}: {len(seen) - 1} build dependencies declare a rust-version no newer")
