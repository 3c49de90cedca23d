#!/usr/bin/env node
// Runs the Pokec query set (queries.mjs) against Cairn over HTTP and Kuzu in-process, in the
// same run, and compares both timings and answers.
//
//   node run.mjs --users 10K --cairn-url http://127.0.0.1:PORT --ledger pokec \
//                --kuzu-db PATH [--warmups 2] [--runs 5] [--only REGEX] [--json out.json]
//                [--timeout-ms 60000] [--seed 42] [--floor-requests 200]
//
// Both databases must already hold the same graph (bench/pokec_vs_kuzu.sh loads them).
// Per query: warm-ups then measured runs, each with its own parameters drawn from a seeded
// generator and given to both engines; the engine that goes first alternates run by run.
// Writes run after every read, with the same parameters on both engines.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import kuzu from 'kuzu';
import { queries } from './queries.mjs';

function parseArgs(argv) {
  const opts = { warmups: 2, runs: 5, seed: 42, timeoutMs: 60000, only: null, json: null };
  const names = {
    '--users': 'users', '--cairn-url': 'cairnUrl', '--ledger': 'ledger', '--kuzu-db': 'kuzuDb',
    '--warmups': 'warmups', '--runs': 'runs', '--only': 'only', '--json': 'json',
    '--seed': 'seed', '--timeout-ms': 'timeoutMs', '--floor-requests': 'floorRequests',
  };
  for (let i = 0; i < argv.length; i += 2) {
    const key = names[argv[i]];
    if (!key || i + 1 >= argv.length) throw new Error(`unknown or incomplete option ${argv[i]}`);
    opts[key] = argv[i + 1];
  }
  for (const k of ['warmups', 'runs', 'seed', 'timeoutMs']) opts[k] = Number(opts[k]);
  opts.floorRequests = Number(opts.floorRequests ?? 200);
  for (const k of ['cairnUrl', 'ledger', 'kuzuDb'])
    if (!opts[k]) throw new Error(`--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} is required`);
  return opts;
}

// mulberry32: small, fast, and the same sequence on every platform.
function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n) => Math.floor(next() * n) };
}

// One generator per query, seeded from the run's seed and the query's name, so that --only
// (or a new query) does not change any other query's parameters.
function seedFor(seed, name) {
  let h = 0x811c9dc5 ^ seed;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

// ---- Cairn over HTTP ------------------------------------------------------------------------

function cairnClient(baseUrl, ledger, timeoutMs) {
  const url = new URL(baseUrl);
  // One keep-alive connection, as a client with a connection pool would reuse.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // The server's own deadline is the per-request timeout; the client waits a little longer.
  const path = `/ledgers/${encodeURIComponent(ledger)}/cypher?timeout=${timeoutMs}`;
  return (statement, parameters) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ statement, parameters });
      const req = http.request(
        {
          host: url.hostname, port: url.port, path, method: 'POST', agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', (e) => resolve({ error: `response: ${e.message}` }));
          res.on('end', () => {
            let answer;
            try {
              answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch (e) {
              return resolve({ error: `HTTP ${res.statusCode}, unparsable body: ${e.message}` });
            }
            const err = answer.errors && answer.errors[0];
            if (res.statusCode !== 200 || err) {
              const code = err ? err.code : '';
              const timeout = /TimedOut/.test(code);
              return resolve({
                error: timeout ? 'timeout' : `HTTP ${res.statusCode} ${code}: ${err ? err.message : ''}`,
              });
            }
            resolve({ rows: answer.results[0].data.map((d) => d.row) });
          });
        }
      );
      req.setTimeout(timeoutMs + 5000, () => {
        req.destroy();
        resolve({ error: 'timeout' });
      });
      req.on('error', (e) => resolve({ error: `request: ${e.message}` }));
      req.end(body);
    });
}

// ---- Kuzu in-process ------------------------------------------------------------------------

async function kuzuRun(conn, prepared, params) {
  try {
    const result = await conn.execute(prepared, params);
    const rows = await result.getAll();
    // Rows come as objects keyed by column name, in column order; our columns are unique.
    return { rows: rows.map((r) => Object.values(r)) };
  } catch (e) {
    return { error: /timeout|interrupted/i.test(e.message) ? 'timeout' : e.message };
  }
}

// What the parameter generators need: the user count, who has friends, each one's friends.
async function graphInfo(conn) {
  const count = (await conn.query('MATCH (n:User) RETURN count(*)')).getAllSync()[0];
  const users = Number(Object.values(count)[0]);
  const lists = (
    await conn.query('MATCH (a:User)-[:Friend]->(b:User) RETURN a.id, collect(b.id)')
  ).getAllSync();
  const friends = new Map();
  for (const row of lists) {
    const [id, list] = Object.values(row);
    friends.set(Number(id), Int32Array.from(list.map(Number)).sort());
  }
  // Sorted, so that the draw does not depend on the order Kuzu grouped in.
  const withFriends = Int32Array.from(friends.keys()).sort();
  let nextId = users;
  const none = new Int32Array(0);
  return {
    users,
    withFriends,
    friendsOf: (id) => friends.get(id) || none,
    freshId: () => ++nextId,
  };
}

// ---- answers --------------------------------------------------------------------------------

function sameValue(a, b) {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'number' || typeof a === 'bigint' || typeof b === 'number' || typeof b === 'bigint') {
    const x = Number(a), y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return false;
    return Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  return JSON.stringify(a) === JSON.stringify(b);
}

const rowKey = (row) => JSON.stringify(row, (k, v) => (typeof v === 'bigint' ? Number(v) : v));

function sameAnswer(q, a, b) {
  if (a.length !== b.length) return false;
  const sort = (rows) => (q.ordered ? rows : [...rows].sort((x, y) => (rowKey(x) < rowKey(y) ? -1 : rowKey(x) > rowKey(y) ? 1 : 0)));
  const x = sort(a), y = sort(b);
  return x.every((row, i) => row.length === y[i].length && row.every((v, j) => sameValue(v, y[i][j])));
}

// ---- statistics -----------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const geomean = (xs) => Math.exp(xs.reduce((acc, x) => acc + Math.log(x), 0) / xs.length);
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const elapsedMs = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

// ---- the run --------------------------------------------------------------------------------

async function timed(fn) {
  const t0 = process.hrtime.bigint();
  const out = await fn();
  out.ms = elapsedMs(t0);
  return out;
}

async function runQuery(q, opts, engines, info) {
  const rng = makeRng(seedFor(opts.seed, q.name));
  const rec = {
    name: q.name, kind: q.kind, cairnStatement: q.cairn, kuzuStatement: q.kuzu,
    cairn: { times: [], error: null }, kuzu: { times: [], error: null },
    compared: 0, mismatches: 0, firstMismatch: null,
    runs: [], // measured runs: parameters and each engine's ms, for looking into one later
  };
  const prepared = await engines.kuzuConn.prepare(q.kuzu);
  if (!prepared.isSuccess()) rec.kuzu.error = `prepare: ${prepared.getErrorMessage()}`;
  const call = {
    cairn: (params) => engines.cairn(q.cairn, params),
    kuzu: (params) => kuzuRun(engines.kuzuConn, prepared, params),
  };
  for (let i = 0; i < opts.warmups + opts.runs; i++) {
    const measured = i >= opts.warmups;
    const params = q.params(rng, info);
    const order = i % 2 === 0 ? ['cairn', 'kuzu'] : ['kuzu', 'cairn'];
    const got = {};
    const run = { params };
    for (const engine of order) {
      // An engine that failed or timed out once is not asked again for this query.
      if (rec[engine].error) continue;
      const out = await timed(() => call[engine](params));
      if (out.error) {
        rec[engine].error = out.error;
        rec[engine].errorParams = params;
        continue;
      }
      got[engine] = out.rows;
      run[engine] = out.ms;
      if (measured) rec[engine].times.push(out.ms);
    }
    if (measured) rec.runs.push(run);
    if (measured && got.cairn && got.kuzu) {
      rec.compared++;
      if (!sameAnswer(q, got.cairn, got.kuzu)) {
        rec.mismatches++;
        rec.firstMismatch ??= { params, cairn: got.cairn.slice(0, 10), kuzu: got.kuzu.slice(0, 10) };
      }
    }
  }
  for (const engine of ['cairn', 'kuzu']) {
    const t = rec[engine].times;
    if (t.length) Object.assign(rec[engine], { median: median(t), min: Math.min(...t), max: Math.max(...t) });
  }
  return rec;
}

function printTable(records) {
  const cell = (e) => (e.median !== undefined && !e.error ? `${fmt(e.median)} (${fmt(e.min)}–${fmt(e.max)})` : e.error === 'timeout' ? 'timeout' : 'error');
  const head = ['query', 'kind', 'Cairn ms median (min–max)', 'Kuzu ms median (min–max)', 'Cairn/Kuzu', 'equal'];
  const rows = records.map((r) => {
    const ok = r.cairn.median !== undefined && r.kuzu.median !== undefined && !r.cairn.error && !r.kuzu.error;
    const equal = r.compared === 0 ? 'n/a' : r.mismatches === 0 ? 'yes' : `no (${r.mismatches}/${r.compared})`;
    return [r.name, r.kind, cell(r.cairn), cell(r.kuzu), ok ? (r.cairn.median / r.kuzu.median).toFixed(2) : '-', equal];
  });
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cols) => cols.map((c, i) => c.padEnd(width[i])).join('  ').trimEnd();
  console.log(line(head));
  console.log(width.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

function summarize(records, kind) {
  const both = records.filter((r) => r.kind === kind && !r.cairn.error && !r.kuzu.error && r.cairn.median && r.kuzu.median);
  const left = records.filter((r) => r.kind === kind && !both.includes(r)).map((r) => r.name);
  if (!both.length) return { kind, queries: 0, left };
  const c = geomean(both.map((r) => r.cairn.median)), k = geomean(both.map((r) => r.kuzu.median));
  return { kind, queries: both.length, cairnGeomeanMs: c, kuzuGeomeanMs: k, ratio: c / k, left };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const db = new kuzu.Database(opts.kuzuDb);
  const kuzuConn = new kuzu.Connection(db);
  const cairn = cairnClient(opts.cairnUrl, opts.ledger, opts.timeoutMs);
  const info = await graphInfo(kuzuConn);
  // Only the benchmark's queries are held to the per-request timeout, not the set-up above.
  kuzuConn.setQueryTimeout(opts.timeoutMs);

  console.log(`Pokec ${opts.users ?? ''}: ${info.users} users, ${info.withFriends.length} with friends; seed ${opts.seed}; ` +
    `${opts.warmups} warm-ups + ${opts.runs} runs per query; per-request timeout ${opts.timeoutMs} ms`);
  // Both engines share this machine with whatever else runs on it.
  console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
  console.log(`Cairn: ${opts.cairnUrl} ledger ${opts.ledger}, POST /cypher over one keep-alive HTTP/1.1 connection ` +
    '(time = request sent to JSON parsed).');
  console.log(`Kuzu ${kuzu.VERSION} in-process (Node API): each statement prepared once, untimed; ` +
    'time = execute(params) + getAll(). Kuzu 0.11.3 binds and plans again on every execute, so planning is in its times, as parsing and planning are in Cairn\'s.');

  // The transport floor: what an empty statement costs over HTTP.
  for (let i = 0; i < 20; i++) await cairn('RETURN 1', {});
  const floor = [];
  for (let i = 0; i < opts.floorRequests; i++) {
    const out = await timed(() => cairn('RETURN 1', {}));
    if (out.error) throw new Error(`Cairn RETURN 1 failed: ${out.error}`);
    floor.push(out.ms);
  }
  const floorMs = median(floor);
  console.log(`HTTP floor (Cairn 'RETURN 1', median of ${floor.length}): ${fmt(floorMs)} ms (min ${fmt(Math.min(...floor))})\n`);

  const only = opts.only ? new RegExp(opts.only) : null;
  const selected = queries.filter((q) => !only || only.test(q.name));
  // Reads first, then writes, so that every read sees the loaded graph. Whole-graph analytics
  // (kind 'graph': the triangle count) run with the reads but have their own geomean, so the
  // read geomean stays comparable with runs before they were added.
  const ordered = [...selected.filter((q) => q.kind === 'read' || q.kind === 'graph'),
    ...selected.filter((q) => q.kind === 'write')];
  const records = [];
  for (const q of ordered) {
    const rec = await runQuery(q, opts, { cairn, kuzuConn }, info);
    records.push(rec);
    process.stderr.write(`  ${q.name}: cairn ${rec.cairn.median !== undefined ? fmt(rec.cairn.median) : rec.cairn.error}, ` +
      `kuzu ${rec.kuzu.median !== undefined ? fmt(rec.kuzu.median) : rec.kuzu.error}\n`);
  }

  printTable(records);
  console.log();
  const summaries = ['read', 'graph', 'write'].map((kind) => summarize(records, kind))
    .filter((s) => s.kind !== 'graph' || s.queries || s.left.length);
  for (const s of summaries) {
    if (!s.queries) {
      console.log(`${s.kind} geomean: no query ran on both engines`);
      continue;
    }
    console.log(`${s.kind} geomean over ${s.queries} queries: Cairn ${fmt(s.cairnGeomeanMs)} ms, Kuzu ${fmt(s.kuzuGeomeanMs)} ms, ` +
      `Cairn/Kuzu ${s.ratio.toFixed(2)}` + (s.left.length ? ` (left out, not run on both: ${s.left.join(', ')})` : ''));
  }
  const writeTimes = records.filter((r) => r.kind === 'write').flatMap((r) => r.cairn.times);
  const writeP50 = writeTimes.length ? median(writeTimes) : null;
  if (writeP50 !== null) console.log(`Cairn single-write p50 over ${writeTimes.length} write runs: ${fmt(writeP50)} ms (HTTP floor ${fmt(floorMs)} ms)`);

  // Kuzu lives in this process, so its memory is this process's (the node runtime included).
  console.log(`Kuzu (this node process) peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);

  const failures = records.filter((r) => r.cairn.error || r.kuzu.error || r.mismatches);
  if (failures.length) console.log('\nErrors and differing answers:');
  for (const r of failures) {
    for (const engine of ['cairn', 'kuzu']) {
      if (!r[engine].error) continue;
      console.log(`- ${r.name} on ${engine}: ${r[engine].error}`);
      console.log(`    ${engine === 'cairn' ? r.cairnStatement : r.kuzuStatement}`);
      console.log(`    parameters ${JSON.stringify(r[engine].errorParams)}`);
    }
    if (r.firstMismatch) {
      console.log(`- ${r.name}: ${r.mismatches} of ${r.compared} answers differ; first with ${JSON.stringify(r.firstMismatch.params)}:`);
      console.log(`    Cairn ${rowKey(r.firstMismatch.cairn)}`);
      console.log(`    Kuzu  ${rowKey(r.firstMismatch.kuzu)}`);
    }
  }

  if (opts.json) {
    const out = { users: opts.users, userCount: info.users, seed: opts.seed, warmups: opts.warmups, runs: opts.runs,
      kuzuVersion: kuzu.VERSION, httpFloorMs: floorMs, cairnWriteP50Ms: writeP50, summaries, queries: records };
    fs.writeFileSync(opts.json, JSON.stringify(out, (k, v) => (typeof v === 'bigint' ? Number(v) : v), 2));
  }
  await kuzuConn.close();
  await db.close();
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});
