#!/usr/bin/env node
// Creates a Kuzu database from pokec_gen's csv directory: runs its schema.cypher (the DDL and
// the COPY statements, whose paths pokec_gen wrote as given to --output) one statement at a time.
//
//   node load_kuzu.mjs --schema DIR/schema.cypher --db PATH
//
// PATH is replaced if it exists. Prints the load time in seconds on the last line.
import fs from 'node:fs';
import kuzu from 'kuzu';

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(name);
  if (i < 0 || i + 1 >= args.length) throw new Error(`${name} is required`);
  return args[i + 1];
};
const schema = arg('--schema');
const dbPath = arg('--db');

// Kuzu 0.11 keeps a database in one file plus its write-ahead log.
for (const p of [dbPath, `${dbPath}.wal`, `${dbPath}.shadow`]) fs.rmSync(p, { recursive: true, force: true });

const statements = fs
  .readFileSync(schema, 'utf8')
  .split(';')
  .map((s) => s.trim())
  .filter(Boolean);

const t0 = process.hrtime.bigint();
const db = new kuzu.Database(dbPath);
const conn = new kuzu.Connection(db);
for (const s of statements) {
  const t = process.hrtime.bigint();
  const result = await conn.query(s);
  const rows = await result.getAll();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(`${(ms / 1000).toFixed(2)} s  ${s.slice(0, 60)}  ${rows.length ? JSON.stringify(Object.values(rows[0])[0]) : ''}`);
}
// Close, so that the time includes what Kuzu writes to make the database durable.
await conn.close();
await db.close();
console.log(`kuzu load: ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(2)} s`);
