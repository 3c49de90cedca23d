// EXPLAIN and PROFILE plans (the plan JSON of /explain, docs/query-engine.md) drawn as a tree:
// per operator its name, estimated against actual rows, time of its own and of its subtree,
// peak memory and the planner's details (the join chosen and the alternatives it rejected,
// with why). The operator with the most time of its own — or, unprofiled, the largest
// estimate — is marked as the heaviest.

import { escapeHtml } from './highlight.js';

const seconds = (node) => (node.actual ? node.actual.seconds || 0 : 0);

// Time in the operator itself: its subtree's time less its children's subtrees'.
function selfSeconds(node) {
  const children = (node.children || []).reduce((sum, c) => sum + seconds(c), 0);
  return Math.max(0, seconds(node) - children);
}

function walk(node, visit) {
  visit(node);
  for (const c of node.children || []) walk(c, visit);
}

export function formatSeconds(s) {
  if (s >= 1) return `${s.toFixed(2)} s`;
  if (s >= 1e-3) return `${(s * 1e3).toFixed(2)} ms`;
  return `${(s * 1e6).toFixed(0)} µs`;
}

export function formatBytes(b) {
  if (b >= 1 << 30) return `${(b / (1 << 30)).toFixed(1)} GiB`;
  if (b >= 1 << 20) return `${(b / (1 << 20)).toFixed(1)} MiB`;
  if (b >= 1 << 10) return `${(b / (1 << 10)).toFixed(1)} KiB`;
  return `${b} B`;
}

const formatRows = (r) => (Number.isInteger(r) ? r.toLocaleString('en') : r.toLocaleString('en', { maximumFractionDigits: 1 }));

function operatorHtml(node, context) {
  const profiled = !!node.actual;
  const own = selfSeconds(node);
  const classes = ['op'];
  if (node === context.heaviest) classes.push('heaviest');
  let numbers = `est <b>${formatRows(node.estimatedRows ?? 0)}</b> rows`;
  if (profiled) {
    const actual = node.actual.rows;
    const estimate = Math.max(node.estimatedRows ?? 0, 1);
    const off = Math.max(actual, 1) / estimate > 10 || estimate / Math.max(actual, 1) > 10;
    numbers += ` · actual <b class="${off ? 'off' : ''}" title="${off ? 'estimate off by more than 10×' : ''}">${formatRows(actual)}</b> rows`;
    numbers += ` · self <b>${formatSeconds(own)}</b> · total ${formatSeconds(seconds(node))}`;
    if (node.actual.peakBytes) numbers += ` · peak ${formatBytes(node.actual.peakBytes)}`;
    if (node.actual.batches !== undefined) numbers += ` · ${node.actual.batches} batches`;
  }
  const details = Object.entries(node.details || {})
    .map(([k, v]) => `<div><span class="key">${escapeHtml(k)}:</span> ${escapeHtml(String(v))}</div>`).join('');
  const share = profiled && context.total > 0 ? Math.round((own / context.total) * 100) : null;
  const bar = share !== null ? `<div class="bar" title="${share}% of the query's time"><span data-share="${Math.max(share, 1)}"></span></div>` : '';
  let html = `<li><div class="${classes.join(' ')}" data-op="${escapeHtml(node.op)}"><span class="name">${escapeHtml(node.op)}</span>
    <div class="numbers">${numbers}</div>${details ? `<div class="details">${details}</div>` : ''}${bar}</div>`;
  if (node.children && node.children.length) {
    html += `<ul>${node.children.map((c) => operatorHtml(c, context)).join('')}</ul>`;
  }
  return `${html}</li>`;
}

// Draws `plan` into `container` (null: a hint to press Explain or Profile).
export function renderPlan(container, plan) {
  if (!plan) {
    container.innerHTML = '<p class="meta">Press Explain for the plan, or Profile to run the query and see rows, time and memory per operator.</p>';
    return;
  }
  const profiled = !!plan.actual;
  let heaviest = null;
  let peak = 0;
  walk(plan, (node) => {
    const weight = profiled ? selfSeconds(node) : node.estimatedRows ?? 0;
    if (!heaviest || weight > (profiled ? selfSeconds(heaviest) : heaviest.estimatedRows ?? 0)) heaviest = node;
    if (node.actual) peak = Math.max(peak, node.actual.peakBytes || 0);
  });
  const total = seconds(plan);
  const summary = profiled
    ? `Profiled: ${formatRows(plan.actual.rows)} rows in ${formatSeconds(total)}; largest operator memory ${formatBytes(peak)}. Heaviest: <b>${escapeHtml(heaviest.op)}</b> (${formatSeconds(selfSeconds(heaviest))} of its own).`
    : `Estimated plan (nothing ran). Largest estimate: <b>${escapeHtml(heaviest.op)}</b>, ${formatRows(heaviest.estimatedRows ?? 0)} rows.`;
  container.innerHTML = `<div class="plan-summary">${summary}</div><ul class="plan">${operatorHtml(plan, { heaviest, total })}</ul>`;
  // Widths set through the DOM: the page's content security policy allows no inline styles.
  container.querySelectorAll('[data-share]').forEach((bar) => { bar.style.width = `${bar.dataset.share}%`; });
}
