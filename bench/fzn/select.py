#!/usr/bin/env python3
"""Builds a selection of MiniZinc benchmark instances with Gecode's answers, in the format of
../shared/mznbench/public.json, from a checkout of github.com/MiniZinc/minizinc-benchmarks (MIT).

usage: select.py BENCH OUT.json [-per N] [-limit S] [-only F,G] [-skip F,G] [-from F] [-to G]
                 [-exclude SEL.json,SEL2.json] [-newonly 1] [-nobreak 1] [-gecode SOLVER]

For each family (a folder of BENCH), the models (a .mzn with a solve item) are paired with the data
files (.dzn anywhere under the folder; a model without data files is an instance of its own). The N
smallest pairs by data size, plus one of median size, are candidates (the instances of -exclude's
selections, a comma-separated list, left out; with -newonly, their families too). A candidate is kept when
  - it flattens with csp's library (MZN_SOLVER_PATH must know csp: `csp mzn install DIR`) into
    FlatZinc without var float or var set (an integer/Boolean model), and
  - Gecode solves it to completion (the optimum, or SAT/UNSAT) within -limit seconds of solveTime.
A family whose smallest candidate Gecode cannot finish is left at that (unless -nobreak). Models
that include globals.mzn do not flatten for the Gecode of Debian's minizinc 2.6.4 package (its
library lacks the 2.6 inverse), so those families drop out, as they did from the public selection.
-gecode names the Gecode solver configuration (gecodefix.sh makes one whose library
flattens globals.mzn). The JSON lists the kept instances with Gecode's answer, solveTime and flatTime; progress on stderr.
Run bench/fzn on the result."""
import os, sys

# this file's name shadows the standard module select, which subprocess
# imports: run as a script, its folder comes first on the path
here = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != here]
import json, re, subprocess, tempfile  # noqa: E402

args = sys.argv[1:]
opts = {"-gecode": "gecode", "-nobreak": "", "-newonly": "", "-per": "2", "-limit": "15", "-skip": "", "-only": "", "-from": "", "-to": "~", "-exclude": ""}
pos = []
while args:
    a = args.pop(0)
    if a in opts:
        opts[a] = args.pop(0)
    else:
        pos.append(a)
bench, out = pos
per, limit = int(opts["-per"]), float(opts["-limit"])
skip = set(filter(None, opts["-skip"].split(",")))
only = set(filter(None, opts["-only"].split(",")))
solve_re = re.compile(r"^\s*solve\b", re.M)
kind_re = re.compile(r"^\s*solve\b[^;]*?\b(satisfy|minimize|maximize)\b", re.M | re.S)


def candidates(fam):
    d = os.path.join(bench, fam)
    models, datas = [], []
    for root, _, files in os.walk(d):
        for f in sorted(files):
            p = os.path.join(root, f)
            if f.endswith(".mzn") and root == d:
                try:
                    if solve_re.search(open(p, errors="replace").read()):
                        models.append(p)
                except OSError:
                    pass
            elif f.endswith(".dzn"):
                datas.append(p)
    if not models:
        return []
    if datas:
        m = models[0] if len(models) == 1 else None
        pairs = []
        for dz in datas:
            if m is None:  # several models: the data's folder or name may say which; else the first
                m2 = next((x for x in models if os.path.splitext(os.path.basename(x))[0] in dz), models[0])
            pairs.append((m or m2, dz))
    else:
        pairs = [(m, None) for m in models]
    pairs = [p for p in pairs if (os.path.relpath(p[0], bench), p[1] and os.path.relpath(p[1], bench)) not in excluded]
    pairs.sort(key=lambda p: os.path.getsize(p[1] or p[0]))
    pick = pairs[:per]
    if len(pairs) > per:
        mid = pairs[len(pairs) // 2]
        if mid not in pick:
            pick.append(mid)
    return pick


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def stat(out, k):
    m = re.search(r"^%%%mzn-stat: " + k + r"=(\S+)", out, re.M)
    return m.group(1) if m else None


excluded, seen_fams = set(), set()
for path in filter(None, opts["-exclude"].split(",")):
    for e in json.load(open(path)):
        excluded.add((e["model"], e.get("data")))
        seen_fams.add(e["family"])
if opts["-newonly"]:
    skip |= seen_fams
sel = []
fams = sorted(f for f in os.listdir(bench) if os.path.isdir(os.path.join(bench, f)) and not f.startswith("."))
for fam in fams:
    if fam in skip or (only and fam not in only) or not (opts["-from"] <= fam < opts["-to"]):
        continue
    for model, data in candidates(fam):
        rel = lambda p: os.path.relpath(p, bench) if p else None
        if (rel(model), rel(data)) in excluded:
            continue
        name = f"{fam} {os.path.basename(data or model)}"
        files = [model] + ([data] if data else [])
        with tempfile.NamedTemporaryFile(suffix=".fzn") as f:
            rc, _, err = run(["minizinc", "-c", "--solver", "csp", "-o", f.name] + files, 60)
            if rc != 0:
                print(f"skip  {name}: csp flattening: {rc} {err.strip().splitlines()[-1:] if err else ''}", file=sys.stderr)
                continue
            fzn = open(f.name).read()
        if re.search(r"\bvar\s+(float|set\b|-?\d+(\.\d+)?\s*\.\.\s*-?\d+\.\d)", fzn) or re.search(r"\bvar\s+set\s+of", fzn):
            print(f"skip  {name}: floats or sets", file=sys.stderr)
            continue
        src = open(model, errors="replace").read()
        km = kind_re.search(src)
        rc, o, err = run(["minizinc", "--solver", opts["-gecode"], "--output-mode", "dzn", "--output-objective", "-s",
                          "--time-limit", str(int(limit * 1000 + 3000))] + files, limit + 60)
        solve_s, flat_s = stat(o, "solveTime"), stat(o, "flatTime")
        complete = "==========" in o
        unsat = "=====UNSATISFIABLE=====" in o
        sat = "----------" in o
        objs = re.findall(r"^_objective = (-?\d+);?$", o, re.M)
        kind = "minimize" if objs and km and km.group(1) == "minimize" else "maximize" if objs else "satisfy"
        if objs and km and km.group(1) == "satisfy":
            kind = "satisfy"
        if kind == "satisfy":
            ok = unsat or sat
            ans = "UNSAT" if unsat else "SAT"
        else:
            ok = complete or unsat
            ans = "UNSAT" if unsat else objs[-1] if objs else None
        if rc == "timeout" or not ok or solve_s is None or float(solve_s) > limit:
            why = [l for l in err.splitlines() if "Error" in l or "error" in l][:1] if rc == 1 else ""
            print(f"skip  {name}: gecode {rc} ok={ok} solve={solve_s} {why}", file=sys.stderr)
            if rc != 1 and not opts["-nobreak"]:
                break  # the smallest data are too hard already: the larger too
            continue
        e = {"family": fam, "model": rel(model), "data": rel(data), "kind": kind, "answer": ans,
             "solve_s": float(solve_s), "flat_s": float(flat_s or 1), "nodes": stat(o, "nodes")}
        sel.append(e)
        print(f"keep  {name}: {kind} {ans} solve {solve_s} flat {flat_s}", file=sys.stderr)
        json.dump(sel, open(out, "w"), indent=1)
json.dump(sel, open(out, "w"), indent=1)
print(f"{len(sel)} instances of {len(set(e['family'] for e in sel))} families", file=sys.stderr)
