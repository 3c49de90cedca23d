// Shortening IRIs for display: well-known vocabularies, the namespaces of the ledger's own
// predicates and classes, and the PREFIX declarations of the query being shown.

const WELL_KNOWN = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  schema: 'http://schema.org/',
  dc: 'http://purl.org/dc/elements/1.1/',
  dct: 'http://purl.org/dc/terms/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  pg: 'urn:cairn:pg:',
  sys: 'urn:cairn:sys:',
};

// The namespace of an IRI: up to and including its last '#', '/' or ':'.
export function namespaceOf(iri) {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/'), iri.lastIndexOf(':'));
  return cut > 0 && cut < iri.length - 1 ? iri.slice(0, cut + 1) : null;
}

export function localName(iri) {
  const ns = namespaceOf(iri);
  return ns ? iri.slice(ns.length) : iri;
}

export class PrefixMap {
  constructor() { this.byPrefix = { ...WELL_KNOWN }; }

  // Names each namespace among `iris` not known yet after its last path word ("ex", "sample").
  learnNamespaces(iris) {
    const known = new Set(Object.values(this.byPrefix));
    for (const iri of iris) {
      const ns = namespaceOf(iri);
      if (!ns || known.has(ns)) continue;
      const words = ns.replace(/[#/:]+$/, '').split(/[#/:.]+/).filter((w) => /^[A-Za-z][\w-]*$/.test(w));
      let base = (words.length ? words[words.length - 1] : 'ns').toLowerCase().slice(0, 12);
      let name = base;
      for (let n = 2; this.byPrefix[name]; ++n) name = `${base}${n}`;
      this.byPrefix[name] = ns;
      known.add(ns);
    }
  }

  // A copy with the PREFIX declarations of a SPARQL query added (they win).
  withQuery(text) {
    const copy = new PrefixMap();
    copy.byPrefix = { ...this.byPrefix };
    for (const m of text.matchAll(/PREFIX\s+([A-Za-z][\w.-]*)?:\s*<([^>]*)>/gi)) {
      const prefix = m[1] || '';
      for (const [p, ns] of Object.entries(copy.byPrefix)) if (ns === m[2]) delete copy.byPrefix[p];
      copy.byPrefix[prefix] = m[2];
    }
    return copy;
  }

  // "prefix:local" when a namespace matches and the local part is a plain name; else <iri>.
  shorten(iri) {
    let best = null;
    for (const [prefix, ns] of Object.entries(this.byPrefix)) {
      if (iri.startsWith(ns) && (!best || ns.length > best[1].length)) best = [prefix, ns];
    }
    if (best) {
      const local = iri.slice(best[1].length);
      if (/^[A-Za-z0-9_][\w.-]*$/.test(local) && !local.endsWith('.')) return `${best[0]}:${local}`;
    }
    return `<${iri}>`;
  }

  // The PREFIX lines for the namespaces a query text uses, for generated examples.
  declarationsFor(names) {
    return names.filter((p) => this.byPrefix[p] !== undefined)
      .map((p) => `PREFIX ${p}: <${this.byPrefix[p]}>`).join('\n');
  }

  // A Cypher name (label, type, key) for display: a whole-IRI name (imported RDF) shortened as
  // "prefix:local" where a prefix fits; other names as they are.
  shortName(name) {
    if (!/^([A-Za-z][\w+.-]*:\/\/|urn:)/.test(name)) return name;
    const short = this.shorten(name);
    return short.startsWith('<') ? name : short;
  }

  prefixOf(iri) {
    const s = this.shorten(iri);
    return s.startsWith('<') ? null : s.slice(0, s.indexOf(':'));
  }
}
