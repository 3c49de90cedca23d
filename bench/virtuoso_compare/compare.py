#!/usr/bin/env python3
"""Measuring loop of bench/virtuoso_compare.sh: runs a folder of SPARQL queries against Cairn
and Virtuoso over HTTP with curl, compares the answers and prints the table.

Standard library only. The shell script starts and stops the servers; this file only talks to
them. Run it by hand against servers that are already up:

  compare.py --cairn-url http://127.0.0.1:7878/ledgers/bench/sparql \\
             --virtuoso-url http://127.0.0.1:8890/sparql --virtuoso-graph http://g \\
             --queries DIR [--only RE] [--runs 3] [--timeout 300] [--workdir DIR] [--json OUT]

Virtuoso requests carry default-graph-uri=GRAPH and maxrows=1000000000: its /sparql endpoint
cuts every answer at 1048576 rows unless the request names a larger maxrows (ResultSetMaxRows
in virtuoso.ini can only lower that), saying so only in an X-SPARQL-MaxRows header. An answer
with that header or an anytime-query header (X-SQL-State) counts as a DIFF.

Timing: each request is one curl process; the time is curl's time_total (connect, send, wait,
read the whole answer). Per query: Cairn warm-up, Virtuoso warm-up, then the N runs of the two
engines interleaved; the median of the N runs is reported.

Answers are compared twice:
  - tsv: the TSV answer of the last timed run. Virtuoso 7's TSV is lossy (IRIs, strings and
    language-tagged strings all print as "text", booleans as 1/0, typed values bare), so the
    common form is lossy too: IRI, string and lang string -> their text; numbers -> a canonical
    number; booleans -> 1/0; blank nodes -> a placeholder.
  - strict: one extra, untimed request per engine for application/sparql-results+json, whose
    terms keep their kind, language and datatype. Numbers compare by value (integer, decimal and
    double alike, 12 significant digits), booleans by value, xsd:dateTime with +00:00/-00:00 as Z
    and without a zero fraction; everything else exactly. Blank nodes are a placeholder.
A query MATCHes when row counts and both digests agree.
"""
import argparse
import hashlib
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time

XSD = "http://www.w3.org/2001/XMLSchema#"
NUMERIC_TYPES = {XSD + t for t in (
    "integer", "decimal", "double", "float", "int", "long", "short", "byte",
    "nonNegativeInteger", "nonPositiveInteger", "positiveInteger", "negativeInteger",
    "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte")}
NUM_RE = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
INT_RE = re.compile(r"^[+-]?\d+$")
DATETIME_RE = re.compile(r"^-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$")
TSV = "text/tab-separated-values"
SRJ = "application/sparql-results+json"


# ---------------------------------------------------------------- normalization

def canon_num(text):
    """A number's value as text: exact for integers below 1e15, else 12 significant digits."""
    t = text.strip()
    if INT_RE.match(t):
        v = int(t)
        if abs(v) < 10**15:
            return str(v)
        return "%.12g" % float(v)
    try:
        f = float(t)
    except ValueError:
        return t
    if math.isnan(f) or math.isinf(f):
        return str(f)
    if f == int(f) and abs(f) < 1e15:
        return str(int(f))
    return "%.12g" % f


def canon_datetime(text):
    """xsd:dateTime value forms that Virtuoso rewrites: +00:00 / -00:00 -> Z, .000 dropped."""
    t = text
    if t.endswith("+00:00") or t.endswith("-00:00"):
        t = t[:-6] + "Z"
    m = re.match(r"^(.*T\d\d:\d\d:\d\d)\.(\d+)(.*)$", t)
    if m:
        frac = m.group(2).rstrip("0")
        t = m.group(1) + ("." + frac if frac else "") + m.group(3)
    return t


def lossy_literal(lex, lang, dt):
    """The TSV common form of a literal."""
    if dt in NUMERIC_TYPES:
        return "n:" + canon_num(lex)
    if dt == XSD + "boolean":
        return "n:" + ("1" if lex in ("true", "1") else "0")
    if dt == XSD + "dateTime":
        return "s:" + canon_datetime(lex)
    return "s:" + lex


def strict_literal(lex, lang, dt):
    """The strict common form of a literal."""
    if lang:
        return "L:%s@%s" % (json.dumps(lex, ensure_ascii=False), lang.lower())
    if dt is None or dt == XSD + "string":
        return "S:" + json.dumps(lex, ensure_ascii=False)
    if dt in NUMERIC_TYPES:
        return "N:" + canon_num(lex)
    if dt == XSD + "boolean":
        return "N:bool:" + ("true" if lex in ("true", "1") else "false")
    if dt == XSD + "dateTime":
        return "T:%s:%s" % (dt, canon_datetime(lex))
    return "T:%s:%s" % (dt, json.dumps(lex, ensure_ascii=False))


ESCAPES = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n in ESCAPES:
                out.append(ESCAPES[n]); i += 2; continue
            if n == "u" and i + 6 <= len(s):
                out.append(chr(int(s[i + 2:i + 6], 16))); i += 6; continue
            if n == "U" and i + 10 <= len(s):
                out.append(chr(int(s[i + 2:i + 10], 16))); i += 10; continue
        out.append(c); i += 1
    return "".join(out)


def parse_sparql_tsv_term(f):
    """One field of a SPARQL 1.1 TSV answer (Turtle term syntax) -> TSV common form."""
    if f == "":
        return "u"
    if f.startswith("<") and f.endswith(">"):
        return "s:" + unescape(f[1:-1])
    if f.startswith("_:"):
        return "b"
    if f.startswith('"'):
        i, n = 1, len(f)
        while i < n and f[i] != '"':
            i += 2 if f[i] == "\\" else 1
        lex, rest = unescape(f[1:i]), f[i + 1:]
        if rest.startswith("@"):
            return lossy_literal(lex, rest[1:], None)
        if rest.startswith("^^<") and rest.endswith(">"):
            return lossy_literal(lex, None, rest[3:-1])
        return lossy_literal(lex, None, None)
    if f in ("true", "false"):
        return lossy_literal(f, None, XSD + "boolean")
    if NUM_RE.match(f):
        return "n:" + canon_num(f)
    return "s:" + f  # something else bare; compare as text


def parse_virtuoso_tsv(body):
    """Virtuoso 7's TSV: CSV quoting with tabs ("" for a quote, raw line breaks inside quotes);
    strings and IRIs quoted, numbers, booleans (1/0) and other typed values bare."""
    records, row, i, n = [], [], 0, len(body)
    if n == 0:
        return []
    while i <= n:
        if i < n and body[i] == '"':
            j, buf = i + 1, []
            while j < n:
                if body[j] == '"':
                    if j + 1 < n and body[j + 1] == '"':
                        buf.append('"'); j += 2; continue
                    break
                buf.append(body[j]); j += 1
            row.append(("q", "".join(buf)))
            i = j + 1
        else:
            j = i
            while j < n and body[j] not in "\t\n":
                j += 1
            row.append(("b", body[i:j].rstrip("\r")))
            i = j
        if i >= n:
            records.append(row)
            break
        if body[i] == "\t":
            i += 1
            if i == n:  # trailing tab then end
                row.append(("b", ""))
                records.append(row)
                break
            continue
        if body[i] == "\r":
            i += 1
        if i < n and body[i] == "\n":
            records.append(row)
            row = []
            i += 1
            if i == n:
                break
            continue
        i += 1
    return records


def virtuoso_tsv_term(kind, text):
    if kind == "q":
        if text.startswith("nodeID://") or text.startswith("_:"):
            return "b"
        return "s:" + text
    if text == "":
        return "u"
    if NUM_RE.match(text):
        return "n:" + canon_num(text)
    if DATETIME_RE.match(text):
        return "s:" + canon_datetime(text)
    return "s:" + text


def normalize_tsv(body):
    """-> (variables, rows) in the TSV common form, whichever engine wrote the body."""
    if body.startswith('"'):  # Virtuoso: quoted header names
        recs = parse_virtuoso_tsv(body)
        if not recs:
            return [], []
        head = [t for _, t in recs[0]]
        rows = [[virtuoso_tsv_term(k, t) for k, t in r] for r in recs[1:]]
        return head, rows
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return [], []
    head = [h[1:] if h[:1] in "?$" else h for h in lines[0].rstrip("\r").split("\t")] if lines[0] else []
    rows = []
    for line in lines[1:]:
        fields = line.rstrip("\r").split("\t")
        rows.append([parse_sparql_tsv_term(f) for f in fields])
    return head, rows


def normalize_json(body):
    """SPARQL JSON results -> (variables, rows) in the strict common form."""
    doc = json.loads(body)
    if "boolean" in doc:
        return ["ask"], [["N:bool:" + ("true" if doc["boolean"] else "false")]]
    head = doc.get("head", {}).get("vars", [])
    rows = []
    for b in doc.get("results", {}).get("bindings", []):
        row = []
        for v in head:
            t = b.get(v)
            if t is None:
                row.append("u")
            elif t["type"] == "uri":
                row.append("I:" + t["value"])
            elif t["type"] == "bnode":
                row.append("B")
            else:  # literal, typed-literal (Virtuoso's SPARQL 1.0 JSON)
                row.append(strict_literal(t["value"], t.get("xml:lang"), t.get("datatype")))
        rows.append(row)
    return head, rows


def digest(head, rows):
    lines = sorted("\t".join(r) for r in rows)
    h = hashlib.sha256()
    h.update(("\t".join(head) + "\n").encode())
    for line in lines:
        h.update(line.encode("utf-8", "surrogatepass") + b"\n")
    return h.hexdigest(), lines


# ---------------------------------------------------------------- HTTP via curl

class Engine:
    def __init__(self, name, url, mode, graph=None, params=None):
        self.name, self.url, self.mode, self.graph = name, url, mode, graph
        self.params = dict(params or {})  # extra protocol parameters (Virtuoso: maxrows)

    def request(self, query_file, accept, timeout, out_body, out_head):
        """One request -> dict(status, http, seconds, error, partial)."""
        cmd = ["curl", "-sS", "-o", out_body, "-D", out_head, "--max-time", str(timeout),
               "-w", "%{http_code} %{time_total}", "-H", "Accept: " + accept,
               "-H", "Expect:"]
        if self.mode == "form":
            cmd += ["--data-urlencode", "query@" + query_file]
            if self.graph:
                cmd += ["--data-urlencode", "default-graph-uri=" + self.graph]
            for k, v in self.params.items():
                cmd += ["--data-urlencode", "%s=%s" % (k, v)]
            url = self.url
        else:  # direct: the query is the body, the parameters go in the URL
            cmd += ["-X", "POST", "-H", "Content-Type: application/sparql-query",
                    "--data-binary", "@" + query_file]
            qs = ([("default-graph-uri", self.graph)] if self.graph else []) + list(self.params.items())
            url = self.url + ("?" + "&".join("%s=%s" % (k, urlquote(str(v))) for k, v in qs) if qs else "")
        cmd.append(url)
        started = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - started
        res = {"http": 0, "seconds": wall, "status": "ok", "error": None, "partial": None}
        parts = p.stdout.split()
        if len(parts) == 2:
            res["http"] = int(parts[0])
            res["seconds"] = float(parts[1])
        if p.returncode == 28:
            res["status"], res["error"] = "timeout", "no answer within %s s" % timeout
            return res
        if p.returncode != 0:
            res["status"], res["error"] = "error", "curl exit %d: %s" % (p.returncode, p.stderr.strip()[:200])
            return res
        if res["http"] != 200:
            res["status"] = "error"
            res["error"] = "HTTP %d: %s" % (res["http"], read_text(out_body)[:300].replace("\n", " "))
            return res
        headers = read_text(out_head).lower()
        # Virtuoso marks answers it cut short: ResultSetMaxRows, anytime (partial) results.
        for marker in ("x-sparql-maxrows", "x-sql-state", "x-exec-milliseconds"):
            if marker + ":" in headers:
                res["partial"] = marker
        return res


def urlquote(s):
    from urllib.parse import quote
    return quote(s, safe="")


def read_text(path):
    try:
        with open(path, "rb") as fh:
            return fh.read().decode("utf-8", "replace")
    except OSError:
        return ""


def probe_direct(engine, tmpdir, timeout=5):
    """Does the endpoint answer a POST with Content-Type application/sparql-query?
    Virtuoso 7.2.5 never answers one (openlink/virtuoso-opensource issue #842)."""
    qf = os.path.join(tmpdir, "probe.rq")
    with open(qf, "w") as fh:
        fh.write("SELECT (1 AS ?x) WHERE {}")
    e = Engine(engine.name, engine.url, "direct", engine.graph, engine.params)
    r = e.request(qf, TSV, timeout, os.path.join(tmpdir, "probe.out"), os.path.join(tmpdir, "probe.hdr"))
    return r["status"] == "ok"


# ---------------------------------------------------------------- stats and output

def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_ms(st):
    if st["status"] != "ok":
        return st["status"].upper()
    return "%.1f (%.1f-%.1f)" % (st["median_ms"], st["min_ms"], st["max_ms"])


def vm_hwm(pid):
    try:
        with open("/proc/%d/status" % pid) as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cairn-url", required=True)
    ap.add_argument("--virtuoso-url", required=True)
    ap.add_argument("--virtuoso-graph", help="default-graph-uri sent with every Virtuoso request")
    ap.add_argument("--virtuoso-post", choices=["auto", "form", "direct"], default="auto",
                    help="how to send the query to Virtuoso (auto: direct if it answers one, else form)")
    ap.add_argument("--virtuoso-maxrows", type=int, default=1000000000,
                    help="maxrows parameter of every Virtuoso request (0: do not send one)")
    ap.add_argument("--queries", required=True)
    ap.add_argument("--only", help="regular expression on the file name")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--json")
    ap.add_argument("--meta", help="JSON file of load results etc. to include in --json")
    ap.add_argument("--cairn-pid", type=int)
    ap.add_argument("--virtuoso-pid", type=int)
    ap.add_argument("--no-strict", action="store_true", help="skip the JSON answer check")
    a = ap.parse_args()

    files = sorted(f for f in os.listdir(a.queries)
                   if os.path.isfile(os.path.join(a.queries, f)) and not f.startswith("."))
    files = [f for f in files if f.endswith((".rq", ".sparql", ".txt", ".sq")) or "." not in f]
    if a.only:
        rx = re.compile(a.only)
        files = [f for f in files if rx.search(f)]
    if not files:
        sys.exit("no query files in %s%s" % (a.queries, " matching " + a.only if a.only else ""))

    scratch = os.path.join(a.workdir, "answers")
    diffdir = os.path.join(a.workdir, "diff")
    os.makedirs(scratch, exist_ok=True)
    os.makedirs(diffdir, exist_ok=True)
    for stale in os.listdir(diffdir):  # answers of an earlier run would mislead
        os.remove(os.path.join(diffdir, stale))

    cairn = Engine("cairn", a.cairn_url, "direct")
    # The endpoint caps every answer at maxrows, 1024*1024 unless the request names another
    # (ResultSetMaxRows in virtuoso.ini can only lower it); past it the answer is cut silently
    # (only an X-SPARQL-MaxRows header tells). So every request asks for a huge maxrows.
    virt = Engine("virtuoso", a.virtuoso_url, "form", a.virtuoso_graph,
                  {"maxrows": a.virtuoso_maxrows} if a.virtuoso_maxrows else None)
    if a.virtuoso_post == "direct" or (a.virtuoso_post == "auto" and probe_direct(virt, scratch)):
        virt.mode = "direct"
    print("Cairn: POST application/sparql-query; Virtuoso: %s" % (
        "POST application/sparql-query" if virt.mode == "direct" else
        "POST application/x-www-form-urlencoded (query=, default-graph-uri=): it does not answer "
        "a POST of application/sparql-query (virtuoso-opensource issue #842)"), flush=True)
    engines = [cairn, virt]

    results = []
    for f in files:
        qf = os.path.join(a.queries, f)
        stem = os.path.splitext(f)[0]
        rec = {"query": stem, "file": f, "class": stem.split("-", 1)[0]}
        runs = {e.name: [] for e in engines}
        state = {e.name: {"status": "ok", "error": None, "partial": None} for e in engines}
        body = {e.name: os.path.join(scratch, "%s.%s.tsv" % (stem, e.name)) for e in engines}
        head = {e.name: os.path.join(scratch, "%s.%s.headers" % (stem, e.name)) for e in engines}

        def one(e, timed):
            if state[e.name]["status"] != "ok":
                return
            r = e.request(qf, TSV, a.timeout, body[e.name], head[e.name])
            if r["status"] != "ok":
                state[e.name].update(status=r["status"], error=r["error"])
                return
            if r["partial"]:
                state[e.name]["partial"] = r["partial"]
            if timed:
                runs[e.name].append(r["seconds"] * 1000)

        for e in engines:  # warm-up, Cairn first
            one(e, False)
        for _ in range(a.runs):
            for e in engines:
                one(e, True)

        for e in engines:
            st = dict(state[e.name])
            st["runs_ms"] = [round(x, 3) for x in runs[e.name]]
            if st["status"] == "ok":
                st["median_ms"] = statistics.median(runs[e.name])
                st["min_ms"] = min(runs[e.name])
                st["max_ms"] = max(runs[e.name])
                hd, rows = normalize_tsv(read_text(body[e.name]))
                st["rows"] = len(rows)
                st["vars"] = hd
                st["tsv_digest"], st["_tsv_lines"] = digest(hd, rows)
            rec[e.name] = st

        c, v = rec["cairn"], rec["virtuoso"]
        notes = []
        if c["status"] == "ok" and v["status"] == "ok":
            match = c["rows"] == v["rows"] and c["tsv_digest"] == v["tsv_digest"]
            if c["rows"] != v["rows"]:
                notes.append("rows %d vs %d" % (c["rows"], v["rows"]))
            elif c["tsv_digest"] != v["tsv_digest"]:
                notes.append("tsv values differ" if c["vars"] == v["vars"] else "variables differ")
            if not a.no_strict:
                strict = {}
                for e in engines:
                    jb = os.path.join(scratch, "%s.%s.json" % (stem, e.name))
                    r = e.request(qf, SRJ, a.timeout, jb, head[e.name] + ".json")
                    if r["status"] != "ok":
                        strict[e.name] = None
                        notes.append("%s json: %s" % (e.name, r["error"]))
                        continue
                    try:
                        hd, rows = normalize_json(read_text(jb))
                        strict[e.name] = digest(hd, rows)
                        rec[e.name]["strict_digest"] = strict[e.name][0]
                    except (ValueError, KeyError) as ex:
                        strict[e.name] = None
                        notes.append("%s json unreadable: %s" % (e.name, ex))
                if strict["cairn"] and strict["virtuoso"]:
                    if strict["cairn"][0] != strict["virtuoso"][0]:
                        match = False
                        notes.append("strict (json) terms differ")
                else:
                    match = False
                rec["strict_match"] = bool(strict["cairn"] and strict["virtuoso"]
                                           and strict["cairn"][0] == strict["virtuoso"][0])
            if v.get("partial"):
                match = False
                notes.append("virtuoso answer marked partial (%s)" % v["partial"])
            rec["match"] = match
            if not match:
                for e in engines:
                    for ext in ("tsv", "json"):
                        src = os.path.join(scratch, "%s.%s.%s" % (stem, e.name, ext))
                        if os.path.exists(src):
                            os.replace(src, os.path.join(diffdir, "%s.%s.%s" % (stem, e.name, ext)))
                    with open(os.path.join(diffdir, "%s.%s.norm" % (stem, e.name)), "w") as fh:
                        fh.write("\n".join(rec[e.name]["_tsv_lines"]) + "\n")
                    if not a.no_strict and strict.get(e.name):
                        with open(os.path.join(diffdir, "%s.%s.strict" % (stem, e.name)), "w") as fh:
                            fh.write("\n".join(strict[e.name][1]) + "\n")
            rec["ratio"] = c["median_ms"] / v["median_ms"] if v["median_ms"] > 0 else None
        else:
            rec["match"] = None
            rec["ratio"] = None
            for e in engines:
                if rec[e.name]["status"] != "ok":
                    notes.append("%s %s: %s" % (e.name, rec[e.name]["status"], rec[e.name]["error"]))
        rec["notes"] = notes
        for e in engines:
            rec[e.name].pop("_tsv_lines", None)
        results.append(rec)

        rows = c.get("rows", v.get("rows", "-"))
        verdict = {True: "match", False: "DIFF", None: "-"}[rec["match"]]
        print("%-28s %8s  %-24s %-24s %7s  %s%s" % (
            stem, rows, fmt_ms(c), fmt_ms(v),
            "%.2f" % rec["ratio"] if rec["ratio"] else "-", verdict,
            ("  " + "; ".join(notes)) if notes else ""), flush=True)

    # ------------------------------------------------ summary
    print()
    hdr = "%-28s %8s  %-24s %-24s %7s  %s" % ("query", "rows", "cairn ms med (min-max)",
                                            "virtuoso ms med (min-max)", "c/v", "answer")
    print(hdr)
    print("-" * len(hdr))
    for rec in results:
        c, v = rec["cairn"], rec["virtuoso"]
        rows = c.get("rows", v.get("rows", "-"))
        print("%-28s %8s  %-24s %-24s %7s  %s" % (
            rec["query"], rows, fmt_ms(c), fmt_ms(v),
            "%.2f" % rec["ratio"] if rec["ratio"] else "-",
            {True: "match", False: "DIFF", None: "-"}[rec["match"]]))

    def summarize(recs):
        both = [r for r in recs if r["cairn"]["status"] == "ok" and r["virtuoso"]["status"] == "ok"]
        gc = geomean([r["cairn"]["median_ms"] for r in both])
        gv = geomean([r["virtuoso"]["median_ms"] for r in both])
        return {"queries": len(recs), "measured": len(both),
                "matched": sum(1 for r in recs if r["match"]),
                "cairn_geomean_ms": gc, "virtuoso_geomean_ms": gv,
                "ratio": gc / gv if gc and gv else None}

    classes = {}
    for rec in results:
        classes.setdefault(rec["class"], []).append(rec)
    class_stats = {k: summarize(v) for k, v in sorted(classes.items())}
    overall = summarize(results)
    print()
    print("%-12s %8s %8s %14s %14s %8s" % ("class", "queries", "match", "cairn geo ms",
                                          "virtuoso geo ms", "c/v"))

    def line(name, s):
        g = lambda x: "%.2f" % x if x else "-"
        print("%-12s %8s %8s %14s %14s %8s" % (name, "%d/%d" % (s["measured"], s["queries"]),
                                              s["matched"], g(s["cairn_geomean_ms"]),
                                              g(s["virtuoso_geomean_ms"]), g(s["ratio"])))
    for k, s in class_stats.items():
        line(k, s)
    line("ALL", overall)
    print("(geomeans over the queries both engines answered; c/v < 1: Cairn faster)")

    rss = {}
    for name, pid in (("cairn", a.cairn_pid), ("virtuoso", a.virtuoso_pid)):
        if pid:
            rss[name] = vm_hwm(pid)
    if rss:
        print("Peak RSS (VmHWM): " + ", ".join(
            "%s %s" % (k, "%.0f MiB" % (v / 2**20) if v else "?") for k, v in rss.items()))

    diffs = [r["query"] for r in results if r["match"] is False]
    if diffs:
        print("DIFF in %d queries (%s); answers in %s" % (len(diffs), ", ".join(diffs), diffdir))

    if a.json:
        meta = {}
        if a.meta and os.path.exists(a.meta):
            with open(a.meta) as fh:
                meta = json.load(fh)
        doc = dict(meta)
        doc.update({"runs": a.runs, "timeout_s": a.timeout, "queries_dir": os.path.abspath(a.queries),
                    "only": a.only, "virtuoso_request": virt.mode,
                    "queries": results, "classes": class_stats, "overall": overall,
                    "peak_rss_bytes": rss})
        with open(a.json, "w") as fh:
            json.dump(doc, fh, indent=1)
        print("JSON: " + a.json)
    return 1 if diffs else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
