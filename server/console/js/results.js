// Answers of the three shapes the console asks for, read into one model the views share:
//   {columns, rows, boolean?, graph?}
// where each cell is {t: 'iri' | 'bnode' | 'lit', v, lang?, dt?} for SPARQL terms, or
// {t: 'value', v, meta} for a Cypher value with its Neo4j meta. `graph` is {nodes, edges} when
// the answer holds nodes and links (CONSTRUCT / DESCRIBE triples, Cypher entities).

// SPARQL 1.1 Query Results JSON.
export function fromSparqlJson(text) {
  const j = JSON.parse(text);
  if (typeof j.boolean === 'boolean') return { columns: ['ASK'], rows: [[{ t: 'lit', v: String(j.boolean), dt: 'http://www.w3.org/2001/XMLSchema#boolean' }]], boolean: j.boolean };
  const columns = j.head.vars;
  const rows = j.results.bindings.map((b) => columns.map((c) => {
    const term = b[c];
    if (!term) return null;
    if (term.type === 'uri') return { t: 'iri', v: term.value };
    if (term.type === 'bnode') return { t: 'bnode', v: term.value };
    return { t: 'lit', v: term.value, lang: term['xml:lang'], dt: term.datatype };
  }));
  return { columns, rows };
}

const NT_TERM = /<([^>]*)>|_:(\S+)|"((?:[^"\\]|\\.)*)"(?:@([\w-]+)|\^\^<([^>]*)>)?/y;

function unescapeLiteral(s) {
  return s.replace(/\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})|\\(.)/g, (all, u4, u8, c) => {
    if (u4) return String.fromCodePoint(parseInt(u4, 16));
    if (u8) return String.fromCodePoint(parseInt(u8, 16));
    return { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '"': '"', "'": "'", '\\': '\\' }[c] ?? c;
  });
}

function readTerm(line, at) {
  while (line[at.i] === ' ' || line[at.i] === '\t') at.i++;
  NT_TERM.lastIndex = at.i;
  const m = NT_TERM.exec(line);
  if (!m) throw new Error(`cannot read N-Triples at column ${at.i + 1}: ${line}`);
  at.i = NT_TERM.lastIndex;
  if (m[1] !== undefined) return { t: 'iri', v: unescapeLiteral(m[1]) };
  if (m[2] !== undefined) return { t: 'bnode', v: m[2] };
  return { t: 'lit', v: unescapeLiteral(m[3]), lang: m[4], dt: m[5] };
}

// N-Triples (a CONSTRUCT or DESCRIBE answer): rows of subject, predicate, object, and a graph.
export function fromNTriples(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const at = { i: 0 };
    rows.push([readTerm(line, at), readTerm(line, at), readTerm(line, at)]);
  }
  return { columns: ['subject', 'predicate', 'object'], rows, graph: graphOfTriples(rows) };
}

const termKey = (term) => `${term.t}:${term.v}`;

function graphOfTriples(rows) {
  const nodes = new Map();
  const edges = [];
  const node = (term) => {
    const key = termKey(term);
    if (!nodes.has(key)) nodes.set(key, { key, term, properties: [] });
    return nodes.get(key);
  };
  for (const [s, p, o] of rows) {
    const from = node(s);
    if (o.t === 'lit') from.properties.push([p.v, o.v]);
    else edges.push({ from: from.key, to: node(o).key, label: p.v, iri: true });
  }
  return { nodes: [...nodes.values()], edges };
}

// Neo4j's HTTP shape, as /ledgers/{name}/cypher answers.
// Integers past 2^53 (node ids, mostly: blank nodes have ids near -2^63) lose their last digits
// as JSON numbers, and distinct nodes would merge; member values of 16 digits or more are read
// as strings instead. An unescaped `":` only ever ends a member name, never a string's content.
const BIG_MEMBER = /((?<!\\)":\s*)(-?\d{16,})(?=\s*[,}\]])/g;

export function fromNeo4j(text) {
  const j = JSON.parse(text.replace(BIG_MEMBER, '$1"$2"'));
  if (j.errors && j.errors.length) throw new Error(`${j.errors[0].code}: ${j.errors[0].message}`);
  const result = j.results[0];
  const rows = result.data.map((d) => d.row.map((v, i) => ({ t: 'value', v, meta: d.meta ? d.meta[i] : null })));
  const model = { columns: result.columns, rows, stats: result.stats, t: result.t, plan: result.plan };
  const graph = graphOfEntities(rows);
  if (graph.nodes.length) model.graph = graph;
  return model;
}

// Nodes and relationships anywhere in the rows (inside paths, lists and maps too). A
// relationship whose end is not in the answer gets a node known only by its id.
function graphOfEntities(rows) {
  const nodes = new Map();
  const edges = new Map();
  const visit = (value, meta) => {
    if (meta === null || meta === undefined) return;
    if (Array.isArray(meta)) {
      meta.forEach((m, i) => visit(Array.isArray(value) ? value[i] : undefined, m));
      return;
    }
    if (meta.type === 'node') {
      const key = `n${meta.id}`;
      nodes.set(key, { key, id: meta.id, labels: meta.labels || [], properties: Object.entries(value || {}) });
    } else if (meta.type === 'relationship') {
      edges.set(`r${meta.id}`, { from: `n${meta.startNode}`, to: `n${meta.endNode}`, label: meta.relType, properties: Object.entries(value || {}) });
    } else if (typeof meta === 'object' && value && typeof value === 'object') {
      for (const [k, m] of Object.entries(meta)) visit(value[k], m);
    }
  };
  for (const row of rows) for (const cell of row) visit(cell.v, cell.meta);
  for (const edge of edges.values()) {
    for (const end of [edge.from, edge.to]) {
      if (!nodes.has(end)) nodes.set(end, { key: end, id: end.slice(1), labels: [], properties: [] });
    }
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}
