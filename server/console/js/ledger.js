// The ledger page: counts, the commit history with each commit's t and time (a button reads
// the ledger at that t), and per-predicate statistics from GET /ledgers/{name}?predicates=true.

import { json, ledgerPath } from './api.js';
import { escapeHtml } from './highlight.js';

const number = (n) => (n ?? 0).toLocaleString('en');

function card(label, value) {
  return `<div class="card"><div class="value">${escapeHtml(String(value))}</div><div class="label">${escapeHtml(label)}</div></div>`;
}

export function renderSummary(container, summary) {
  const graphs = summary.graphs || [];
  let html = '<div class="cards">';
  html += card('facts (quads)', number(summary.quads));
  html += card('latest commit t', summary.t);
  html += card('indexed through t', summary.indexedT);
  html += card('graphs', graphs.length);
  html += card('IRIs', number(summary.iris));
  html += card('strings', number(summary.strings));
  html += card('in memory since index', number(summary.noveltyFlakes));
  html += '</div><table class="rows"><thead><tr><th>graph</th><th class="num">triples</th><th class="num">subjects</th><th class="num">predicates</th></tr></thead><tbody>';
  for (const g of graphs) {
    html += `<tr><td>${g.graph ? escapeHtml(g.graph) : '<span class="meta">default graph</span>'}</td><td class="num">${number(g.triples)}</td><td class="num">${number(g.distinctSubjects)}</td><td class="num">${number(g.predicateCount)}</td></tr>`;
  }
  container.innerHTML = `${html}</tbody></table>`;
}

export function renderPredicates(container, summary, prefixes) {
  let html = '<table class="rows"><thead><tr><th>graph</th><th>predicate</th><th class="num">facts</th><th class="num">subjects</th><th class="num">objects</th><th>values</th></tr></thead><tbody>';
  for (const g of summary.graphs || []) {
    for (const p of g.predicates || []) {
      const values = [];
      for (const r of p.ranges || []) values.push(`${prefixes.shorten(r.datatype)} ${r.min} … ${r.max}`);
      for (const [cls, n] of Object.entries(p.classes || {})) values.push(`${prefixes.shorten(cls)} × ${number(n)}`);
      html += `<tr><td class="meta">${g.graph ? escapeHtml(prefixes.shorten(g.graph)) : 'default'}</td><td title="${escapeHtml(p.predicate)}">${escapeHtml(prefixes.shorten(p.predicate))}</td><td class="num">${number(p.rows)}</td><td class="num">${number(p.distinctSubjects)}</td><td class="num">${number(p.distinctObjects)}</td><td class="meta">${escapeHtml(values.join('; '))}</td></tr>`;
    }
  }
  container.innerHTML = `${html}</tbody></table>`;
}

// One page of the commit history, newest first: {commits: [{t, time}], next}.
export function commitsPage(ledger, before) {
  const query = before ? `?limit=50&before=${before}` : '?limit=50';
  return json(`${ledgerPath(ledger)}/commits${query}`);
}

// Draws a page of the commit history; `onPick(t)` reads the ledger at t; "Older" fetches and
// draws the next page.
export function renderCommits(container, ledger, page, onPick) {
  let html = '<table class="rows"><thead><tr><th class="num">t</th><th>time (UTC)</th><th></th></tr></thead><tbody>';
  for (const c of page.commits) {
    html += `<tr><td class="num">${c.t}</td><td>${escapeHtml(c.time)}</td><td><button data-t="${c.t}">Query at t = ${c.t}</button></td></tr>`;
  }
  html += '</tbody></table>';
  if (page.next) html += `<div class="pager"><button data-older="${page.next}">Older commits ›</button></div>`;
  container.innerHTML = html;
  container.querySelectorAll('[data-t]').forEach((b) => b.addEventListener('click', () => onPick(Number(b.dataset.t))));
  const older = container.querySelector('[data-older]');
  if (older) {
    older.addEventListener('click', async () => renderCommits(container, ledger, await commitsPage(ledger, older.dataset.older), onPick));
  }
}
