// A pg client that runs the app's prepared queries (db/prepared.ts) as named statements: PostgreSQL
// parses and plans each once per pooled connection and afterwards only binds and executes it. Kysely
// hands every statement to `client.query(text, values)`; the text of a prepared query is found in
// the registry and sent with its name, anything else as before (an unnamed statement, planned each
// time, so one-off queries leave nothing behind on the connection).
import pg from 'pg';
import { statementNameOf } from './prepared';

type Query = (...args: unknown[]) => unknown;

export class NamedStatementClient extends pg.Client {
  // pg's query() has many overloads; only (text, values) from Kysely is rewritten.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...received: any[]): any {
    const args: unknown[] = received;
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? statementNameOf(text) : undefined;
    const query = super.query.bind(this) as Query;
    return name === undefined ? query(...args) : query({ name, text, values });
  }
}
