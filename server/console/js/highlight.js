// Syntax highlighting for the editor: the text split into tokens by one regular expression per
// language, each token wrapped in a span of its class. Never changes the text itself, so the
// highlighted copy lines up with the textarea above it character for character.

const SPARQL_KEYWORDS = new Set(`select construct describe ask where from named prefix base distinct
reduced as optional union minus filter bind values graph service silent order by asc desc limit
offset group having not exists in a insert delete data with using default all clear drop create
load into to move copy add true false undef`.split(/\s+/));
const SPARQL_FUNCTIONS = new Set(`count sum min max avg sample group_concat separator str lang
langmatches datatype bound iri uri bnode rand abs ceil floor round concat strlen ucase lcase
encode_for_uri contains strstarts strends strbefore strafter year month day hours minutes seconds
timezone tz now uuid struuid md5 sha1 sha256 sha384 sha512 coalesce if strlang strdt sameterm
isiri isuri isblank isliteral isnumeric regex substr replace`.split(/\s+/));
const CYPHER_KEYWORDS = new Set(`match optional where return with unwind as order by asc ascending
desc descending skip limit distinct create merge on set remove delete detach foreach call yield
union all and or xor not in is null true false case when then else end exists contains starts
ends explain profile constraint for require unique drop`.split(/\s+/));
const CYPHER_FUNCTIONS = new Set(`count sum min max avg collect size length nodes relationships
labels type id keys properties head last tail range coalesce tostring tointeger tofloat
toboolean abs ceil floor round sign rand sqrt exp log log10 startnode endnode shortestpath
allshortestpaths date datetime localdatetime time localtime duration percentilecont
percentiledisc stdev stdevp reverse split substring replace trim ltrim rtrim toupper tolower
left right exists`.split(/\s+/));

const SPARQL_TOKEN = new RegExp([
  /(#[^\n]*)/.source,                                            // 1 comment
  /("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/.source,  // 2 string
  /(<[^<>"{}|^`\\\s]*>)/.source,                                 // 3 IRI
  /([?$][\w]+)/.source,                                          // 4 variable
  /([A-Za-z][\w.-]*)?:([\w.-]*)/.source,                         // 5,6 prefixed name
  /(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)/.source,                     // 7 number
  /([A-Za-z_]\w*)/.source,                                       // 8 word
].join('|'), 'g');

const CYPHER_TOKEN = new RegExp([
  /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.source,                        // 1 comment
  /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/.source,                // 2 string
  /(`[^`]*`)/.source,                                            // 3 quoted name
  /(\$\w+)/.source,                                              // 4 parameter
  /(:\s*[A-Za-z_]\w*)/.source,                                   // 5 label or type
  /(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)/.source,                     // 6 number
  /([A-Za-z_]\w*)/.source,                                       // 7 word
].join('|'), 'g');

export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

const span = (cls, text) => `<span class="tok-${cls}">${escapeHtml(text)}</span>`;

function sparqlToken(m) {
  if (m[1]) return span('cmt', m[0]);
  if (m[2]) return span('str', m[0]);
  if (m[3]) return span('iri', m[0]);
  if (m[4]) return span('var', m[0]);
  if (m[0].includes(':')) return span('iri', m[0]);
  if (m[7]) return span('num', m[0]);
  const word = m[0].toLowerCase();
  if (SPARQL_KEYWORDS.has(word)) return span('kw', m[0]);
  if (SPARQL_FUNCTIONS.has(word)) return span('fn', m[0]);
  return escapeHtml(m[0]);
}

function cypherToken(m) {
  if (m[1]) return span('cmt', m[0]);
  if (m[2]) return span('str', m[0]);
  if (m[3]) return span('iri', m[0]);
  if (m[4]) return span('var', m[0]);
  if (m[5]) return span('iri', m[0]);
  if (m[6]) return span('num', m[0]);
  const word = m[0].toLowerCase();
  if (CYPHER_KEYWORDS.has(word)) return span('kw', m[0]);
  if (CYPHER_FUNCTIONS.has(word)) return span('fn', m[0]);
  return escapeHtml(m[0]);
}

// The text as HTML with highlighted tokens.
export function highlight(text, language) {
  const pattern = language === 'cypher' ? CYPHER_TOKEN : SPARQL_TOKEN;
  const render = language === 'cypher' ? cypherToken : sparqlToken;
  let html = '';
  let at = 0;
  pattern.lastIndex = 0;
  for (const m of text.matchAll(pattern)) {
    html += escapeHtml(text.slice(at, m.index)) + render(m);
    at = m.index + m[0].length;
  }
  html += escapeHtml(text.slice(at));
  // A trailing newline needs a character after it to take up its line in the <pre>.
  return text.endsWith('\n') ? html + ' ' : html;
}
