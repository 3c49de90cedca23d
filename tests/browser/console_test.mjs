// End-to-end test of the web console in a real browser (headless Debian Chromium, driven by
// playwright-core): starts `cairn serve` with the sample dataset, loads the page, runs SPARQL
// and Cypher through the UI and checks what the page shows against the HTTP API's own answers
// (the table's rows, the plan tree's operators, the graph's nodes, time travel, errors).
// Screenshots go to --out as the test's artifacts.
//
//   node console_test.mjs --cairn build/asan/server/cairn --sample deploy/sample/sample.trig \
//        --out build/asan/artifacts/console

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

function argument(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0 && process.argv[i + 1]) return process.argv[i + 1];
  if (fallback !== undefined) return fallback;
  throw new Error(`--${name} is required`);
}

const cairn = argument('cairn');
const sample = argument('sample');
const out = argument('out');
const browserPath = argument('chromium', process.env.CHROMIUM || '/usr/bin/chromium');
mkdirSync(out, { recursive: true });

const EX = 'PREFIX ex: <http://cairn.example/sample/>\n';
const failures = [];
function check(condition, what) {
  if (condition) console.log(`  ok    ${what}`);
  else { console.log(`  FAIL  ${what}`); failures.push(what); }
}

const freePort = () => new Promise((resolve, reject) => {
  const s = createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

async function waitForHealth(base, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`cairn serve exited with ${server.exitCode}`);
    try { if ((await fetch(`${base}/health`)).ok) return; } catch (_) { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('cairn serve did not answer /health within 60 s');
}

// The HTTP API's own answers: what the page must show.
async function sparqlJson(base, query, extra = '') {
  const r = await fetch(`${base}/ledgers/sample/sparql${extra}`, { method: 'POST', headers: { 'Content-Type': 'application/sparql-query', Accept: 'application/sparql-results+json' }, body: query });
  if (!r.ok) throw new Error(`sparql: ${r.status} ${await r.text()}`);
  return r.json();
}

async function runInConsole(page, language, text, button = '#run') {
  await page.click(`[data-lang=${language}]`);
  await page.fill('#editor', text);
  await page.click(button);
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state));
  return page.$eval('#status', (s) => ({ state: s.dataset.state, text: s.textContent }));
}

const tableRows = (page) => page.$$eval('#result-table tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
const countPlanNodes = (plan) => 1 + (plan.children || []).reduce((n, c) => n + countPlanNodes(c), 0);

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const data = mkdtempSync(join(tmpdir(), 'cairn-console-'));
  const server = spawn(cairn, ['serve', '--data', data, '--listen', `127.0.0.1:${port}`, '--no-access-log', '--load', `sample=${sample}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  let browser;
  try {
    await waitForHealth(base, server);
    browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // An error answer shows up as a failed resource load; the error checks below cause those.
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text()); });

    console.log('page loads, lists the ledger, offers examples');
    await page.goto(base);
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Ready'));
    check((await page.$eval('#ledger', (s) => s.value)) === 'sample', 'the sample ledger is selected');
    const examples = await page.$$eval('#examples option', (o) => o.map((x) => x.textContent));
    check(examples.some((e) => e.includes('sample:Book')) && examples.some((e) => e.includes('Neighbourhood over sample:')), `examples name the ledger's own classes: ${examples.slice(1).join(' / ')}`);
    check((await page.$$eval('#highlight .tok-kw', (s) => s.length)) > 0, 'the editor highlights keywords');

    console.log('every example runs');
    for (let i = 1; i < examples.length; i++) {
      await page.selectOption('#examples', String(i - 1));
      await page.click('#run');
      await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state));
      const result = await page.$eval('#status', (s) => ({ state: s.dataset.state, text: s.textContent }));
      check(result.state === 'ok' && !/^0 rows/.test(result.text), `${examples[i]}: ${result.text}`);
    }
    await page.screenshot({ path: join(out, 'example.png'), fullPage: true });

    console.log('SPARQL SELECT: the table shows the endpoint\'s rows');
    const byCountry = `${EX}SELECT ?country (COUNT(?writer) AS ?writers) WHERE {\n  ?writer a ex:Writer ; ex:birthPlace/ex:country/ex:name ?country }\nGROUP BY ?country ORDER BY DESC(?writers) ?country`;
    let status = await runInConsole(page, 'sparql', byCountry);
    const expected = await sparqlJson(base, byCountry);
    const rows = await tableRows(page);
    check(status.state === 'ok', `query ran: ${status.text}`);
    check(rows.length === expected.results.bindings.length && rows.length > 0, `${rows.length} rows, as the endpoint answers`);
    check(rows.every((r, i) => r[0] === expected.results.bindings[i].country.value && r[1] === expected.results.bindings[i].writers.value), 'every cell equals the endpoint\'s');
    await page.screenshot({ path: join(out, 'table.png'), fullPage: true });

    console.log('PROFILE: the plan tree has every operator and marks the heaviest');
    status = await runInConsole(page, 'sparql', byCountry, '#profile');
    check(status.state === 'ok', `profile ran: ${status.text}`);
    const planResponse = await fetch(`${base}/ledgers/sample/explain?analyze=true`, { method: 'POST', headers: { 'Content-Type': 'application/sparql-query' }, body: byCountry });
    const plan = await planResponse.json();
    const ops = await page.$$eval('#result-plan .op', (o) => o.map((x) => x.dataset.op));
    check(ops.length === countPlanNodes(plan) && ops[0] === plan.op, `${ops.length} operators drawn, as the plan has (${plan.op} at the root)`);
    check((await page.$$eval('#result-plan .op.heaviest', (o) => o.length)) === 1, 'exactly one operator is marked heaviest');
    check(await page.isVisible('#result-plan'), 'the plan view is shown');
    await page.screenshot({ path: join(out, 'plan.png'), fullPage: true });

    console.log('IRIs are shortened, and clicking one DESCRIBEs it as a graph');
    status = await runInConsole(page, 'sparql', `${EX}SELECT ?w WHERE { ?w a ex:Writer } ORDER BY ?w LIMIT 5`);
    await page.click('[data-result=table]');
    const first = await page.$eval('#result-table .iri', (s) => ({ text: s.textContent, iri: s.dataset.iri }));
    check(first.text.startsWith('ex:') && first.iri.startsWith('http://cairn.example/sample/'), `shown as ${first.text}`);
    await page.click('#result-table .iri');
    await page.waitForFunction(() => document.getElementById('editor').value.startsWith('DESCRIBE') && document.getElementById('status').dataset.state === 'ok');
    await page.click('[data-result=graph]');
    const describeResponse = await fetch(`${base}/ledgers/sample/sparql`, { method: 'POST', headers: { 'Content-Type': 'application/sparql-query', Accept: 'application/n-triples' }, body: `DESCRIBE <${first.iri}>` });
    const triples = (await describeResponse.text()).split('\n').filter((l) => l.trim()).length;
    const describedRows = (await page.$eval('#status', (s) => s.textContent)).match(/^(\d+) row/);
    check(describedRows && Number(describedRows[1]) === triples, `DESCRIBE shows ${triples} triples`);
    check((await page.$$eval('#result-graph svg.graph g.node', (n) => n.length)) >= 1, 'the graph picture has nodes');
    await page.screenshot({ path: join(out, 'describe-graph.png'), fullPage: true });

    console.log('Cypher: nodes and relationships in the table and the picture');
    const cypher = 'MATCH (a:`http://cairn.example/sample/Writer`)-[r:`http://cairn.example/sample/birthPlace`]->(b)\n' +
      'RETURN a, r, b ORDER BY a.`http://cairn.example/sample/name` LIMIT 10';
    status = await runInConsole(page, 'cypher', cypher);
    check(status.state === 'ok', `statement ran: ${status.text}`);
    const cypherAnswer = await (await fetch(`${base}/ledgers/sample/cypher`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ statement: cypher }) })).text();
    const distinctNodes = new Set([...cypherAnswer.matchAll(/"id":(-?\d+),"type":"node"/g)].map((m) => m[1]));
    const cypherRows = JSON.parse(cypherAnswer).results[0].data.length;
    await page.click('[data-result=table]');
    check((await tableRows(page)).length === cypherRows && cypherRows > 0, `${cypherRows} rows`);
    await page.click('[data-result=graph]');
    const drawn = await page.$$eval('#result-graph svg.graph g.node', (n) => n.length);
    const links = await page.$$eval('#result-graph svg.graph line.edge', (n) => n.length);
    check(drawn === distinctNodes.size, `${drawn} nodes drawn for ${distinctNodes.size} distinct nodes in the answer`);
    check(links === cypherRows, `${links} relationships drawn`);
    await page.screenshot({ path: join(out, 'cypher-graph.png'), fullPage: true });

    console.log('errors are shown with their position');
    status = await runInConsole(page, 'sparql', 'SELECT ?x WHERE { ?x ?y }');
    check(status.state === 'error' && /line 1, column \d+/.test(status.text), `error: ${status.text}`);

    console.log('time travel: a write, then the query at the earlier t');
    const countQuery = `${EX}SELECT (COUNT(?w) AS ?n) WHERE { ?w a ex:Writer }`;
    const before = Number((await sparqlJson(base, countQuery)).results.bindings[0].n.value);
    status = await runInConsole(page, 'sparql', `# a comment first\n${EX}INSERT DATA { ex:newWriter a ex:Writer }`);
    check(status.state === 'ok' && status.text.startsWith('Committed t = 2: 1 inserted'), `an update from the console: ${status.text}`);
    await page.waitForFunction(() => document.getElementById('ledger').selectedOptions[0].textContent === 'sample (t 2)');
    await page.fill('#at-t', '1');
    status = await runInConsole(page, 'sparql', countQuery);
    await page.click('[data-result=table]');
    check((await tableRows(page))[0][0] === String(before), `at t = 1: ${before} writers`);
    await page.fill('#at-t', '');
    await runInConsole(page, 'sparql', countQuery);
    check((await tableRows(page))[0][0] === String(before + 1), `latest: ${before + 1} writers`);

    console.log('the ledger page: counts, commits, statistics; a commit reruns the query at its t');
    await page.reload();
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Ready'));
    await page.click('[data-view=ledger]');
    await page.waitForSelector('#ledger-commits button[data-t]');
    const commitTs = await page.$$eval('#ledger-commits button[data-t]', (b) => b.map((x) => Number(x.dataset.t)));
    check(JSON.stringify(commitTs) === '[2,1]', `commits listed newest first: ${commitTs}`);
    check((await page.$$eval('#ledger-predicates tbody tr', (r) => r.length)) > 20, 'per-predicate statistics are listed');
    await page.screenshot({ path: join(out, 'ledger.png'), fullPage: true });
    await page.click('#ledger-commits button[data-t="1"]');
    await page.waitForFunction(() => document.getElementById('status').dataset.state === 'ok' && /at t = 1/.test(document.getElementById('status').textContent));
    check((await tableRows(page))[0][0] === String(before), 'the query reran at t = 1');
    const historyEntries = await page.$$eval('#history option', (o) => o.length - 1);
    check(historyEntries >= 4, `history kept across a reload (${historyEntries} entries)`);

    console.log('a graph Cypher made: its examples, table and picture');
    await fetch(`${base}/ledgers?name=social`, { method: 'POST', headers: { 'Content-Type': 'text/turtle' }, body: '' });
    const created = await fetch(`${base}/ledgers/social/cypher`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ statement: "CREATE (a:Person {name: 'Ann', age: 31})-[:KNOWS {since: 2001}]->(b:Person {name: 'Bo'})-[:LIVES_IN]->(c:City {name: 'Oslo'}), (a)-[:LIVES_IN]->(c)" }) });
    check(created.ok, 'a Cypher CREATE makes the social graph');
    // Examples come from the statistics, which only the trees have: fold the commit into them.
    check((await fetch(`${base}/ledgers/social/index?mode=fold`, { method: 'POST' })).ok, 'folded into the trees');
    await page.reload();
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Ready'));
    await page.selectOption('#ledger', 'social');
    await page.waitForFunction(() => [...document.querySelectorAll('#examples option')].some((o) => o.textContent.includes('Labels and how many nodes')));
    const socialExamples = await page.$$eval('#examples option', (o) => o.map((x) => x.textContent));
    for (let i = 1; i < socialExamples.length; i++) {
      if (!socialExamples[i].startsWith('Cypher')) continue;
      await page.selectOption('#examples', String(i - 1));
      await page.click('#run');
      await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state));
      const result = await page.$eval('#status', (s) => ({ state: s.dataset.state, text: s.textContent }));
      check(result.state === 'ok' && !/^0 rows/.test(result.text), `${socialExamples[i]}: ${result.text}`);
    }
    status = await runInConsole(page, 'cypher', 'MATCH (a)-[r]->(b) RETURN a, r, b');
    await page.click('[data-result=table]');
    const socialRows = await tableRows(page);
    check(socialRows.length === 3 && socialRows.some((r) => r[0] === "(:Person {age: 31, name: 'Ann'})" && r[1] === '[:KNOWS {since: 2001}]'),
      `nodes and relationships written as Cypher: ${JSON.stringify(socialRows[0])}`);
    await page.click('[data-result=graph]');
    const captions = await page.$$eval('#result-graph svg.graph g.node text', (t) => t.map((x) => x.textContent).sort());
    check(JSON.stringify(captions) === '["Ann","Bo","Oslo"]', `the picture names its nodes: ${captions}`);
    check((await page.$$eval('#result-graph svg.graph line.edge', (n) => n.length)) === 3, 'and draws its three relationships');
    await page.screenshot({ path: join(out, 'social-graph.png'), fullPage: true });

    check(pageErrors.length === 0, `no script or policy errors in the page${pageErrors.length ? `: ${pageErrors.join(' | ')}` : ''}`);
  } finally {
    if (browser) await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(data, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log(`${failures.length} check(s) failed; screenshots in ${out}`);
    process.exit(1);
  }
  console.log(`all checks passed; screenshots in ${out}`);
}

main().catch((error) => { console.error(error); process.exit(1); });
