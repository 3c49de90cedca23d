// The answer as a table, 100 rows a page. IRIs are shortened by the prefix map and, clicked,
// DESCRIBE their resource; Cypher nodes, relationships and paths are written as Cypher would.

import { escapeHtml } from './highlight.js';

export const PAGE_ROWS = 100;
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const NUMERIC = new Set(['integer', 'decimal', 'double', 'float', 'long', 'int', 'short', 'byte',
  'nonNegativeInteger', 'positiveInteger', 'negativeInteger', 'nonPositiveInteger',
  'unsignedLong', 'unsignedInt', 'unsignedShort', 'unsignedByte']);

function literalHtml(cell, prefixes) {
  let html = `<span class="lit">${escapeHtml(cell.v)}</span>`;
  if (cell.lang) html += `<span class="meta">@${escapeHtml(cell.lang)}</span>`;
  else if (cell.dt && cell.dt !== `${XSD}string` && !isNumeric(cell)) {
    html += `<span class="meta">^^${escapeHtml(prefixes.shorten(cell.dt))}</span>`;
  }
  return html;
}

const isNumeric = (cell) => cell && cell.t === 'lit' && cell.dt && cell.dt.startsWith(XSD) && NUMERIC.has(cell.dt.slice(XSD.length));

// A Cypher value as text: maps {k: v}, lists [..], strings quoted inside structures.
// Keys that are whole IRIs (imported RDF) are shortened by the prefix map.
function cypherText(v, nested, prefixes) {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map((x) => cypherText(x, true, prefixes)).join(', ')}]`;
  if (typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${prefixes.shortName(k)}: ${cypherText(x, true, prefixes)}`).join(', ')}}`;
  if (typeof v === 'string') return nested ? `'${v.replace(/'/g, "\\'")}'` : v;
  return String(v);
}

function entityText(v, meta, prefixes) {
  const props = v && typeof v === 'object' && Object.keys(v).length ? ` ${cypherText(v, true, prefixes)}` : '';
  if (meta.type === 'node') return `(${meta.labels.map((l) => `:${prefixes.shortName(l)}`).join('')}${props})`;
  return `[:${prefixes.shortName(meta.relType)}${props}]`;
}

function valueHtml(v, meta, prefixes) {
  if (meta && !Array.isArray(meta) && (meta.type === 'node' || meta.type === 'relationship')) {
    return `<span class="entity" title="id ${escapeHtml(String(meta.id))}">${escapeHtml(entityText(v, meta, prefixes))}</span>`;
  }
  if (Array.isArray(meta) && Array.isArray(v)) {
    // A path (node, relationship, node, ...) or a list that holds entities.
    const isPath = meta.length % 2 === 1 && meta.every((m, i) => m && m.type === (i % 2 ? 'relationship' : 'node'));
    const parts = v.map((x, i) => valueHtml(x, meta[i], prefixes));
    return isPath ? parts.join('<span class="meta">–</span>') : `[${parts.join(', ')}]`;
  }
  return escapeHtml(cypherText(v, false, prefixes));
}

export function cellHtml(cell, prefixes) {
  if (cell === null) return '';
  if (cell.t === 'iri') {
    return `<span class="iri" data-iri="${escapeHtml(cell.v)}" title="${escapeHtml(cell.v)}">${escapeHtml(prefixes.shorten(cell.v))}</span>`;
  }
  if (cell.t === 'bnode') return `<span class="meta">_:${escapeHtml(cell.v)}</span>`;
  if (cell.t === 'lit') return literalHtml(cell, prefixes);
  return valueHtml(cell.v, cell.meta, prefixes);
}

// Renders page `page` of `model` into `container`; `onPage(n)` switches pages, `onIri(iri)`
// follows a clicked IRI.
export function renderTable(container, model, prefixes, { page = 0, onPage, onIri }) {
  const total = model.rows.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_ROWS));
  page = Math.min(page, pages - 1);
  const slice = model.rows.slice(page * PAGE_ROWS, (page + 1) * PAGE_ROWS);
  let html = '<table class="rows"><thead><tr><th class="num">#</th>';
  for (const c of model.columns) html += `<th>${escapeHtml(c)}</th>`;
  html += '</tr></thead><tbody>';
  slice.forEach((row, i) => {
    html += `<tr><td class="num meta">${page * PAGE_ROWS + i + 1}</td>`;
    for (const cell of row) {
      const numeric = isNumeric(cell) || (cell && cell.t === 'value' && typeof cell.v === 'number');
      html += `<td${numeric ? ' class="num"' : ''}>${cellHtml(cell, prefixes)}</td>`;
    }
    html += '</tr>';
  });
  html += '</tbody></table>';
  if (total === 0) html += '<p class="meta">No rows.</p>';
  if (pages > 1) {
    html += `<div class="pager"><button data-page="${page - 1}" ${page === 0 ? 'disabled' : ''}>‹ Previous</button>
      <span>rows ${page * PAGE_ROWS + 1}–${page * PAGE_ROWS + slice.length} of ${total}</span>
      <button data-page="${page + 1}" ${page + 1 >= pages ? 'disabled' : ''}>Next ›</button></div>`;
  }
  container.innerHTML = html;
  container.querySelectorAll('[data-page]').forEach((b) => b.addEventListener('click', () => onPage(Number(b.dataset.page))));
  container.querySelectorAll('[data-iri]').forEach((s) => s.addEventListener('click', () => onIri(s.dataset.iri)));
}
