// Example queries made from the ledger's own statistics: its most used predicates and classes
// for SPARQL, the same as labels and relationship types for Cypher (docs/cypher.md: a label is
// an rdf:type class, a relationship a predicate between nodes, named by local name).

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const NODE_MARKER = 'urn:cairn:sys:Node';
const VOCABULARY = 'urn:cairn:pg:';
// A Cypher name for an IRI: the name itself in Cypher's vocabulary namespace, the whole IRI in
// backquotes for any other (imported RDF).
function cypherName(iri) {
  const name = iri.startsWith(VOCABULARY) ? iri.slice(VOCABULARY.length) : iri;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name}\``;
}

// A bounded probe for a predicate that links nodes (IRI objects): the statistics do not say
// which predicates have IRI objects, so the most common one among the first 2,000 facts.
export const LINK_PROBE = `SELECT ?p (COUNT(*) AS ?n) WHERE {
  { SELECT ?p ?o WHERE { ?s ?p ?o } LIMIT 2000 }
  FILTER(isIRI(?o) && ?p != <${RDF_TYPE}>)
} GROUP BY ?p ORDER BY DESC(?n) LIMIT 1`;

// {title, language, text} for the summary of a ledger (with predicates=true) and a predicate
// with IRI objects (LINK_PROBE's answer; null for none).
export function examplesFor(summary, prefixes, linkPredicate) {
  const defaultGraph = (summary.graphs || []).find((g) => !g.graph) || (summary.graphs || [])[0];
  const predicates = [...((defaultGraph && defaultGraph.predicates) || [])].sort((a, b) => b.rows - a.rows);
  const typeStats = predicates.find((p) => p.predicate === RDF_TYPE);
  const classes = Object.entries((typeStats && typeStats.classes) || {}).sort((a, b) => b[1] - a[1]).map(([c]) => c)
    .filter((c) => !c.startsWith('urn:cairn:sys:'));
  const withPrefixes = (body, iris) => {
    const used = [...new Set(iris.map((i) => prefixes.prefixOf(i)).filter((p) => p !== null))];
    const head = prefixes.declarationsFor(used);
    return (head ? `${head}\n\n` : '') + body(iris.map((i) => prefixes.shorten(i)));
  };
  const out = [];
  out.push({ title: 'Classes and how many instances', language: 'sparql', text: 'SELECT ?class (COUNT(?s) AS ?instances)\nWHERE { ?s a ?class }\nGROUP BY ?class\nORDER BY DESC(?instances)' });
  if (classes[0]) {
    out.push({ title: `Instances of ${prefixes.shorten(classes[0])} with their facts`, language: 'sparql',
      text: withPrefixes(([c]) => `SELECT ?s ?p ?o\nWHERE { ?s a ${c} ; ?p ?o }\nLIMIT 100`, [classes[0]]) });
  }
  if (predicates[0]) {
    out.push({ title: `Most used predicate: ${prefixes.shorten(predicates[0].predicate)}`, language: 'sparql',
      text: withPrefixes(([p]) => `SELECT ?s ?o\nWHERE { ?s ${p} ?o }\nLIMIT 100`, [predicates[0].predicate]) });
  }
  if (linkPredicate) {
    out.push({ title: `Neighbourhood over ${prefixes.shorten(linkPredicate)} (graph)`, language: 'sparql',
      text: withPrefixes(([p]) => `CONSTRUCT { ?s ${p} ?o . ?o ?q ?v }\nWHERE { ?s ${p} ?o . OPTIONAL { ?o ?q ?v } }\nLIMIT 200`, [linkPredicate]) });
  }
  out.push({ title: 'Predicates and how often they are used', language: 'sparql', text: 'SELECT ?p (COUNT(*) AS ?facts)\nWHERE { ?s ?p ?o }\nGROUP BY ?p\nORDER BY DESC(?facts)' });
  // Unlabelled node patterns read the marker nodes Cypher creates carry (docs/cypher.md), so
  // over imported RDF the Cypher examples start from a label.
  if (classes.includes(NODE_MARKER) || Object.keys((typeStats && typeStats.classes) || {}).includes(NODE_MARKER)) {
    out.push({ title: 'Labels and how many nodes', language: 'cypher', text: 'MATCH (n)\nRETURN labels(n) AS labels, count(*) AS nodes\nORDER BY nodes DESC' });
  }
  if (classes[0]) {
    const label = cypherName(classes[0]);
    out.push({ title: `Nodes labelled ${prefixes.shortName(classes[0])}`, language: 'cypher', text: `MATCH (n:${label})\nRETURN n\nLIMIT 25` });
    out.push({ title: `${prefixes.shortName(classes[0])} and what it links to (graph)`, language: 'cypher', text: `MATCH (a:${label})-[r]->(b)\nRETURN a, r, b\nLIMIT 100` });
    out.push({ title: `Paths of two hops from ${prefixes.shortName(classes[0])}`, language: 'cypher', text: `MATCH p = (a:${label})-->()-->()\nRETURN p\nLIMIT 50` });
  }
  return out;
}
