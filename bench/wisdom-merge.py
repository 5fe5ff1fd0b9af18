#!/usr/bin/env python3
"""Merges freshly tuned wisdom into a shipped file: bench/wisdom-merge.py OLD NEW OUT.

Each entry of NEW replaces OLD's entry of the same problem (the fourth field) in place; NEW's other
entries are appended; OLD's comments and other entries are kept as they are."""
import sys

old, new, out = sys.argv[1:]
fresh = {l.split()[3]: l for l in open(new) if l.strip() and not l.startswith("#") and len(l.split()) > 3}
lines, used = [], set()
for l in open(old):
    k = l.split()[3] if l.strip() and not l.startswith("#") and len(l.split()) > 3 else None
    if k in fresh:
        lines.append(fresh[k])
        used.add(k)
    else:
        lines.append(l)
lines += [fresh[k] for k in fresh if k not in used]
print("merged: replaced", len(used), "added", len(fresh) - len(used))
open(out, "w").write("".join(lines))
