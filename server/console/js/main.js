// The console's page: picks a ledger, edits and runs SPARQL or Cypher, and shows the answer as
// a table, a node-link picture, a plan tree or raw text; the ledger page shows counts, commits
// and statistics. State that should survive a reload (ledger, language, the texts, history,
// token) lives in localStorage; nothing leaves the browser except calls to this server.

import { call, json, ledgerPath, setToken, token } from './api.js';
import { LINK_PROBE, examplesFor } from './examples.js';
import { renderGraph } from './graph.js';
import { escapeHtml, highlight } from './highlight.js';
import { commitsPage, renderCommits, renderPredicates, renderSummary } from './ledger.js';
import { formatSeconds, renderPlan } from './plan.js';
import { PrefixMap } from './prefixes.js';
import { fromNTriples, fromNeo4j, fromSparqlJson } from './results.js';
import { renderTable } from './table.js';

const $ = (id) => document.getElementById(id);
const HISTORY_KEY = 'cairn.history';
const HISTORY_SIZE = 50;
const DEFAULT_TEXT = {
  sparql: 'SELECT ?s ?p ?o\nWHERE { ?s ?p ?o }\nLIMIT 100',
  cypher: 'MATCH (n)\nRETURN n\nLIMIT 25',
};

const state = {
  ledger: localStorage.getItem('cairn.ledger') || '',
  language: localStorage.getItem('cairn.language') || 'sparql',
  texts: JSON.parse(localStorage.getItem('cairn.texts') || 'null') || { ...DEFAULT_TEXT },
  prefixes: new PrefixMap(),
  summary: null,
  commits: null, // the newest page of the commit log
  model: null,   // the last answer (results.js)
  plan: null,    // the last plan
  raw: '',
  page: 0,
  result: 'table',
  busy: false,
};

function setStatus(text, kind = 'ok') {
  const status = $('status');
  status.className = kind === 'error' ? 'error' : '';
  status.dataset.state = kind;
  status.textContent = text;
}

// ---- editor ---------------------------------------------------------------------------------

const editor = $('editor');
function refreshHighlight() {
  $('highlight').innerHTML = highlight(editor.value, state.language);
  $('highlight').scrollTop = editor.scrollTop;
}
function setText(text) {
  editor.value = text;
  state.texts[state.language] = text;
  localStorage.setItem('cairn.texts', JSON.stringify(state.texts));
  refreshHighlight();
}
editor.addEventListener('input', () => setText(editor.value));
editor.addEventListener('scroll', () => { $('highlight').scrollTop = editor.scrollTop; });
editor.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run('query');
  } else if (event.key === 'Tab' && !event.shiftKey) {
    event.preventDefault();
    editor.setRangeText('  ', editor.selectionStart, editor.selectionEnd, 'end');
    setText(editor.value);
  }
});

function setLanguage(language) {
  state.language = language;
  localStorage.setItem('cairn.language', language);
  document.querySelectorAll('[data-lang]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.lang === language)));
  editor.value = state.texts[language] || DEFAULT_TEXT[language];
  refreshHighlight();
  $('raw-format').querySelector('[value=tsv]').disabled = language === 'cypher';
  if (language === 'cypher') $('raw-format').value = 'json';
}
document.querySelectorAll('[data-lang]').forEach((b) => b.addEventListener('click', () => setLanguage(b.dataset.lang)));

// ---- history --------------------------------------------------------------------------------

const history = () => JSON.parse(localStorage.getItem(HISTORY_KEY) || '[]');
function remember(entry) {
  const list = history().filter((h) => !(h.text === entry.text && h.language === entry.language));
  list.unshift(entry);
  localStorage.setItem(HISTORY_KEY, JSON.stringify(list.slice(0, HISTORY_SIZE)));
  fillHistory();
}
function fillHistory() {
  const select = $('history');
  select.length = 1;
  for (const [i, h] of history().entries()) {
    const option = new Option(`${h.language === 'cypher' ? 'Cypher' : 'SPARQL'} · ${h.ledger} · ${h.text.replace(/\s+/g, ' ').slice(0, 70)}`, String(i));
    select.add(option);
  }
}
$('history').addEventListener('change', (event) => {
  const h = history()[Number(event.target.value)];
  event.target.value = '';
  if (!h) return;
  setLanguage(h.language);
  setText(h.text);
});

// ---- running --------------------------------------------------------------------------------

function timeTravel() {
  const t = $('at-t').value.trim();
  return t === '' ? '' : `t=${encodeURIComponent(t)}`;
}
const withQuery = (path, ...parameters) => {
  const q = parameters.filter(Boolean).join('&');
  return q ? `${path}?${q}` : path;
};

// Whether a SPARQL text is an update: its first keyword after the prologue (PREFIX / BASE) and
// comments is one of the update operations.
function isSparqlUpdate(text) {
  const body = text.replace(/#[^\n]*/g, ' ')
    .replace(/^\s*((PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s*<[^>]*>)\s*)*/i, '');
  return /^\s*(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD|WITH)\b/i.test(body);
}

function request(mode) {
  const text = editor.value;
  const base = ledgerPath(state.ledger);
  const tt = timeTravel();
  if (state.language === 'cypher') {
    const body = JSON.stringify({ statement: text, parameters: {} });
    if (mode === 'query') return { path: withQuery(`${base}/cypher`, tt), body, type: 'application/json' };
    return { path: withQuery(`${base}/explain`, tt, mode === 'profile' && 'analyze=true'), body, type: 'application/json', accept: 'application/json' };
  }
  if (mode === 'query' && isSparqlUpdate(text)) {
    return { path: `${base}/update`, body: text, type: 'application/sparql-update', accept: 'application/json', update: true };
  }
  if (mode === 'query') {
    const accept = $('raw-format').value === 'tsv'
      ? 'text/tab-separated-values, application/n-triples;q=0.9'
      : 'application/sparql-results+json, application/n-triples;q=0.9';
    return { path: withQuery(`${base}/sparql`, tt), body: text, type: 'application/sparql-query', accept };
  }
  return { path: withQuery(`${base}/explain`, tt, mode === 'profile' && 'analyze=true'), body: text, type: 'application/sparql-query', accept: 'application/json' };
}

function readAnswer(text, type) {
  if (state.language === 'cypher') return fromNeo4j(text);
  if (type.startsWith('application/n-triples')) return fromNTriples(text);
  if (type.startsWith('text/tab-separated-values')) return null;  // shown raw only
  return fromSparqlJson(text);
}

async function run(mode) {
  if (state.busy || !state.ledger) return;
  state.busy = true;
  document.querySelectorAll('#run, #explain, #profile').forEach((b) => { b.disabled = true; });
  setStatus(mode === 'query' ? 'Running…' : 'Planning…', 'running');
  const r = request(mode);
  try {
    const answer = await call(r.path, { method: 'POST', body: r.body, type: r.type, accept: r.accept });
    remember({ language: state.language, ledger: state.ledger, text: editor.value, at: Date.now() });
    state.raw = prettyRaw(answer.text, answer.type);
    $('raw-text').textContent = state.raw;
    const at = timeTravel() ? ` at t = ${$('at-t').value}` : '';
    if (r.update) {
      const receipt = JSON.parse(answer.text);
      setStatus(`Committed t = ${receipt.t}: ${receipt.inserted} inserted, ${receipt.deleted} deleted in ${answer.ms.toFixed(0)} ms`);
      showResult('raw');
      await loadLedger(state.ledger);  // new t, counts and commits
    } else if (mode === 'query') {
      const model = readAnswer(answer.text, answer.type);
      if (model) {
        state.model = model;
        state.page = 0;
        if (model.plan) state.plan = model.plan;
      }
      const rows = model ? model.rows.length : answer.text.split('\n').length - 2;
      let line = model && model.boolean !== undefined ? `ASK: ${model.boolean}` : `${rows.toLocaleString('en')} row${rows === 1 ? '' : 's'}`;
      line += ` in ${answer.ms.toFixed(0)} ms${at}`;
      if (model && model.stats && model.stats.contains_updates) {
        const changed = Object.entries(model.stats).filter(([k, v]) => k !== 'contains_updates' && v).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`);
        line += ` · committed t = ${model.t}${changed.length ? ` · ${changed.join(', ')}` : ''}`;
      }
      setStatus(line);
      showResult(model ? (model.graph && state.result === 'plan' ? 'graph' : state.result === 'plan' ? 'table' : state.result) : 'raw');
    } else {
      state.plan = JSON.parse(answer.text);
      const total = state.plan.actual ? ` · ran in ${formatSeconds(state.plan.actual.seconds)}` : '';
      setStatus(`${mode === 'profile' ? 'Profile' : 'Plan'} in ${answer.ms.toFixed(0)} ms${at}${total}`);
      showResult('plan');
    }
  } catch (error) {
    setStatus(error.message, 'error');
  } finally {
    state.busy = false;
    document.querySelectorAll('#run, #explain, #profile').forEach((b) => { b.disabled = false; });
  }
}

function prettyRaw(text, type) {
  if (type.includes('json')) {
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch (_) { /* as sent */ }
  }
  return text;
}

$('run').addEventListener('click', () => run('query'));
$('explain').addEventListener('click', () => run('explain'));
$('profile').addEventListener('click', () => run('profile'));
$('raw-format').addEventListener('change', () => { if (state.language === 'sparql') run('query'); });

// ---- result views ---------------------------------------------------------------------------

function showResult(which) {
  state.result = which;
  document.querySelectorAll('[data-result]').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.result === which)));
  for (const name of ['table', 'graph', 'plan', 'raw']) $(`result-${name}`).hidden = name !== which;
  const prefixes = state.prefixes.withQuery(state.language === 'sparql' ? editor.value : '');
  if (which === 'table') {
    if (!state.model) { $('result-table').innerHTML = '<p class="meta">Run a query to see its answer.</p>'; return; }
    renderTable($('result-table'), state.model, prefixes, {
      page: state.page,
      onPage: (page) => { state.page = page; showResult('table'); },
      onIri: describe,
    });
  } else if (which === 'graph') {
    renderGraph($('result-graph'), state.model && state.model.graph, prefixes);
  } else if (which === 'plan') {
    renderPlan($('result-plan'), state.plan);
  }
}
document.querySelectorAll('[data-result]').forEach((b) => b.addEventListener('click', () => showResult(b.dataset.result)));

function describe(iri) {
  setLanguage('sparql');
  setText(`DESCRIBE <${iri}>`);
  run('query').then(() => { if (state.model && state.model.graph) showResult('graph'); });
}

// ---- ledgers and the ledger page --------------------------------------------------------------

async function loadLedger(name) {
  state.ledger = name;
  localStorage.setItem('cairn.ledger', name);
  state.summary = null;
  state.commits = null;
  try {
    const summary = await json(`${ledgerPath(name)}?predicates=true`);
    state.summary = summary;
    const option = [...$('ledger').options].find((o) => o.value === name);
    if (option) option.textContent = `${name} (t ${summary.t})`;
    state.prefixes = new PrefixMap();
    const iris = [];
    for (const g of summary.graphs || []) {
      if (g.graph) iris.push(g.graph);
      for (const p of g.predicates || []) {
        iris.push(p.predicate);
        iris.push(...Object.keys(p.classes || {}));
      }
    }
    state.prefixes.learnNamespaces(iris);
    const examples = $('examples');
    examples.length = 1;
    state.examples = examplesFor(summary, state.prefixes, await linkPredicate(name));
    state.examples.forEach((e, i) => examples.add(new Option(`${e.language === 'cypher' ? 'Cypher' : 'SPARQL'}: ${e.title}`, String(i))));
    // The newest commits: the "at t" suggestions here, the first page of the ledger tab.
    state.commits = await commitsPage(name);
    $('commit-ts').innerHTML = state.commits.commits.map((c) => `<option value="${c.t}">${escapeHtml(c.time)}</option>`).join('');
    $('at-t').max = String(summary.t);
    if (!$('view-ledger').hidden) showLedgerPage();
  } catch (error) {
    setStatus(error.message, 'error');
  }
}

async function linkPredicate(ledger) {
  try {
    const answer = await call(`${ledgerPath(ledger)}/sparql?timeout=2s`, { method: 'POST', body: LINK_PROBE, type: 'application/sparql-query', accept: 'application/sparql-results+json' });
    const row = JSON.parse(answer.text).results.bindings[0];
    return row ? row.p.value : null;
  } catch (_) {
    return null;  // examples without one
  }
}

function showLedgerPage() {
  if (!state.summary || !state.commits) return;  // loadLedger draws it once both are in
  renderSummary($('ledger-summary'), state.summary);
  renderPredicates($('ledger-predicates'), state.summary, state.prefixes);
  renderCommits($('ledger-commits'), state.ledger, state.commits, (t) => {
    $('at-t').value = String(t);
    showView('query');
    run('query');
  });
}

$('examples').addEventListener('change', (event) => {
  const example = state.examples && state.examples[Number(event.target.value)];
  event.target.value = '';
  if (!example) return;
  setLanguage(example.language);
  setText(example.text);
});

function showView(view) {
  document.querySelectorAll('[data-view]').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.view === view)));
  $('view-query').hidden = view !== 'query';
  $('view-ledger').hidden = view !== 'ledger';
  if (view === 'ledger') showLedgerPage();
}
document.querySelectorAll('[data-view]').forEach((b) => b.addEventListener('click', () => showView(b.dataset.view)));

$('ledger').addEventListener('change', (event) => loadLedger(event.target.value));
$('token').addEventListener('click', () => {
  const value = prompt('Bearer token for this server (empty: none). Kept in this browser only.', token());
  if (value === null) return;
  setToken(value.trim());
  start();
});

async function start() {
  setLanguage(state.language);
  fillHistory();
  showResult('table');
  try {
    const { ledgers } = await json('/ledgers');
    const select = $('ledger');
    select.length = 0;
    for (const l of ledgers) select.add(new Option(`${l.name} (t ${l.t ?? '?'})`, l.name));
    if (!ledgers.length) { setStatus('This server has no ledger yet: create one with POST /ledgers or cairn import.'); return; }
    if (!ledgers.some((l) => l.name === state.ledger)) state.ledger = ledgers[0].name;
    select.value = state.ledger;
    await loadLedger(state.ledger);
    setStatus('Ready. Ctrl+Enter runs the query.');
  } catch (error) {
    setStatus(`${error.message}${error.status === 401 ? ' — press Token to give one.' : ''}`, 'error');
  }
}

start();
