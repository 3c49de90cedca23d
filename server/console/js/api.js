// Calls to the Cairn HTTP API (docs/http-api.md), with the bearer token the user gave, if any.

const TOKEN_KEY = 'cairn.token';

export function token() { return localStorage.getItem(TOKEN_KEY) || ''; }
export function setToken(value) {
  if (value) localStorage.setItem(TOKEN_KEY, value); else localStorage.removeItem(TOKEN_KEY);
}

// An error answer as one readable line: Cairn's {code, message, line, column} or Neo4j's
// {errors: [{code, message}]}.
export class ApiError extends Error {
  constructor(status, body) {
    let message = `HTTP ${status}`;
    try {
      const j = JSON.parse(body);
      if (j.errors && j.errors.length) message = `${j.errors[0].code}: ${j.errors[0].message}`;
      else if (j.message) {
        message = `${j.code || 'error'}: ${j.message}`;
        if (j.line) message += ` (line ${j.line}, column ${j.column})`;
      }
    } catch (_) {
      if (body) message += `: ${body.slice(0, 500)}`;
    }
    super(message);
    this.status = status;
  }
}

// fetch() with the token; resolves to {text, type, status, ms} or throws ApiError.
export async function call(path, { method = 'GET', body, type, accept } = {}) {
  const headers = {};
  if (type) headers['Content-Type'] = type;
  if (accept) headers['Accept'] = accept;
  if (token()) headers['Authorization'] = `Bearer ${token()}`;
  const started = performance.now();
  const response = await fetch(path, { method, headers, body });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new ApiError(response.status, text);
  return { text, type: response.headers.get('Content-Type') || '', status: response.status, ms };
}

export async function json(path) { return JSON.parse((await call(path)).text); }

export const ledgerPath = (ledger) => `/ledgers/${encodeURIComponent(ledger)}`;
