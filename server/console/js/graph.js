// A small node-link picture of a graph-shaped answer: a force-directed layout (repulsion
// between all nodes, springs along links, a pull to the centre) computed up front, drawn as
// SVG. Nodes can be dragged. Large answers show their first MAX_NODES nodes.

import { localName } from './prefixes.js';

export const MAX_NODES = 300;
const SVG = 'http://www.w3.org/2000/svg';

function layout(nodes, edges, width, height) {
  const n = nodes.length;
  const index = new Map(nodes.map((node, i) => [node.key, i]));
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const neighbours = nodes.map(() => []);
  for (const e of edges) {
    const a = index.get(e.from), b = index.get(e.to);
    if (a !== undefined && b !== undefined) { neighbours[a].push(b); neighbours[b].push(a); }
  }
  // Start on a grid in breadth-first order, so linked nodes start close and components apart;
  // deterministic, no overlaps.
  const order = [];
  const seen = new Uint8Array(n);
  for (let root = 0; root < n; root++) {
    if (seen[root]) continue;
    seen[root] = 1;
    for (let q = [root]; q.length;) {
      const i = q.shift();
      order.push(i);
      for (const j of neighbours[i]) if (!seen[j]) { seen[j] = 1; q.push(j); }
    }
  }
  const columns = Math.ceil(Math.sqrt((n * width) / height));
  const rows = Math.ceil(n / columns);
  order.forEach((i, k) => {
    // A small fixed jitter, so nodes of one row do not stay on one line.
    x[i] = ((k % columns) + 0.5) * (width / columns) + ((k * 37) % 11) - 5;
    y[i] = (Math.floor(k / columns) + 0.5) * (height / rows) + ((k * 53) % 13) - 6;
  });
  const links = edges.map((e) => [index.get(e.from), index.get(e.to)]).filter(([a, b]) => a !== undefined && b !== undefined && a !== b);
  const ideal = Math.max(30, Math.min(90, Math.sqrt((width * height) / Math.max(n, 1)) * 0.45));
  const reach = 3 * ideal;  // repulsion only between near nodes, so components don't fly apart
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let step = 0, temperature = ideal * 2; step < 400; step++, temperature = Math.max(temperature * 0.985, 0.5)) {
    dx.fill(0); dy.fill(0);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let ex = x[i] - x[j], ey = y[i] - y[j];
        let d2 = ex * ex + ey * ey;
        if (d2 > reach * reach) continue;
        if (d2 < 0.01) { ex = 0.1 * (i - j); ey = 0.1; d2 = 0.02; }
        const f = (ideal * ideal) / d2;
        dx[i] += ex * f; dy[i] += ey * f; dx[j] -= ex * f; dy[j] -= ey * f;
      }
    }
    for (const [a, b] of links) {
      const ex = x[a] - x[b], ey = y[a] - y[b];
      const d = Math.sqrt(ex * ex + ey * ey) || 0.1;
      const f = d / ideal;
      dx[a] -= ex * f; dy[a] -= ey * f; dx[b] += ex * f; dy[b] += ey * f;
    }
    for (let i = 0; i < n; i++) {
      // Gravity: every node is pulled to the centre, harder the farther it is.
      dx[i] += (width / 2 - x[i]) * 0.03; dy[i] += (height / 2 - y[i]) * 0.03;
      const d = Math.sqrt(dx[i] * dx[i] + dy[i] * dy[i]) || 1;
      const move = Math.min(d, temperature);
      x[i] += (dx[i] / d) * move;
      y[i] += (dy[i] / d) * move;
    }
  }
  // Fit the picture into the view (the simulation runs unbounded, so nothing sticks to a wall).
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, x[i]); maxX = Math.max(maxX, x[i]);
    minY = Math.min(minY, y[i]); maxY = Math.max(maxY, y[i]);
  }
  const margin = 40;
  // Each axis scaled on its own (by at most 2x the other's), so a round layout fills a wide view.
  let scaleX = (width - 2 * margin - 120) / Math.max(maxX - minX, 1);
  let scaleY = (height - 2 * margin) / Math.max(maxY - minY, 1);
  scaleX = Math.min(scaleX, 2 * scaleY, 3);
  scaleY = Math.min(scaleY, 2 * scaleX, 3);
  const offsetX = (width - 120 - (maxX - minX) * scaleX) / 2, offsetY = (height - (maxY - minY) * scaleY) / 2;
  for (let i = 0; i < n; i++) {
    x[i] = offsetX + (x[i] - minX) * scaleX;
    y[i] = offsetY + (y[i] - minY) * scaleY;
  }
  return { x, y, index };
}

function element(name, attributes, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function nodeCaption(node, prefixes) {
  if (node.term) return node.term.t === 'iri' ? prefixes.shorten(node.term.v) : `_:${node.term.v}`;
  const named = node.properties.find(([k]) => /^(name|title|label|id)$/i.test(localName(k)));
  const label = node.labels.length ? `:${prefixes.shortName(node.labels[0])}` : '';
  return named ? String(named[1]) : label || `#${node.id}`;
}

function nodeTooltip(node, prefixes) {
  const head = node.term ? node.term.v : `node ${node.id}${node.labels.map((l) => ` :${prefixes.shortName(l)}`).join('')}`;
  const props = node.properties.map(([k, v]) => `${node.term ? prefixes.shorten(k) : prefixes.shortName(k)}: ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  return [head, ...props].join('\n');
}

// Draws `graph` ({nodes, edges} from results.js) into `container`.
export function renderGraph(container, graph, prefixes) {
  container.innerHTML = '';
  if (!graph || !graph.nodes.length) {
    container.innerHTML = '<p class="meta">No graph here: the picture is drawn for CONSTRUCT and DESCRIBE answers and for Cypher nodes, relationships and paths.</p>';
    return;
  }
  const nodes = graph.nodes.slice(0, MAX_NODES);
  const kept = new Set(nodes.map((n) => n.key));
  const edges = graph.edges.filter((e) => kept.has(e.from) && kept.has(e.to));
  if (graph.nodes.length > nodes.length) {
    container.insertAdjacentHTML('beforeend', `<p class="meta">Showing ${nodes.length} of ${graph.nodes.length} nodes.</p>`);
  }
  const width = Math.max(container.clientWidth - 20, 600);
  const height = 480;
  const svg = element('svg', { class: 'graph', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `graph of ${nodes.length} nodes and ${edges.length} links` }, container);
  const marker = element('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: '22', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse' }, element('defs', {}, svg));
  element('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#9aa9b5' }, marker);
  const { x, y, index } = layout(nodes, edges, width, height);

  const lines = edges.map((e) => {
    const a = index.get(e.from), b = index.get(e.to);
    const line = element('line', { class: 'edge', 'marker-end': 'url(#arrow)' }, svg);
    const text = element('text', { class: 'edge-label', 'text-anchor': 'middle' }, svg);
    text.textContent = e.iri ? prefixes.shorten(e.label) : prefixes.shortName(e.label);
    return { line, text, a, b };
  });
  // One of six colours per label, in the order the labels first appear.
  const palette = new Map();
  const paletteIndex = (label) => {
    if (!palette.has(label)) palette.set(label, palette.size % 6);
    return palette.get(label);
  };
  const groups = nodes.map((node, i) => {
    const g = element('g', { class: 'node', 'data-key': node.key }, svg);
    const kind = node.labels && node.labels.length ? node.labels[0] : '';
    element('circle', { r: '9', class: kind ? `kind${paletteIndex(kind)}` : '' }, g);
    const label = element('text', { x: '12', y: '4' }, g);
    label.textContent = nodeCaption(node, prefixes);
    element('title', {}, g).textContent = nodeTooltip(node, prefixes);
    return { g, i };
  });
  const place = () => {
    for (const { line, text, a, b } of lines) {
      line.setAttribute('x1', x[a]); line.setAttribute('y1', y[a]);
      line.setAttribute('x2', x[b]); line.setAttribute('y2', y[b]);
      text.setAttribute('x', (x[a] + x[b]) / 2); text.setAttribute('y', (y[a] + y[b]) / 2 - 3);
    }
    for (const { g, i } of groups) g.setAttribute('transform', `translate(${x[i]},${y[i]})`);
  };
  place();

  // Dragging a node moves it and its links.
  let dragging = null;
  const toSvg = (event) => {
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  };
  for (const { g, i } of groups) {
    g.addEventListener('pointerdown', (event) => { dragging = i; g.setPointerCapture(event.pointerId); });
    g.addEventListener('pointermove', (event) => {
      if (dragging !== i) return;
      const p = toSvg(event);
      x[i] = p.x; y[i] = p.y;
      place();
    });
    g.addEventListener('pointerup', () => { dragging = null; });
  }
  return svg;
}
