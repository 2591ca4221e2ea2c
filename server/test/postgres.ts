import pg from 'pg';

/**
 * Real PostgreSQL for the server suite (TEST_DATABASE_URL=postgres://…/postgres):
 * globalSetup migrates one template database; every test app gets its own
 * database cloned from it (CREATE DATABASE … TEMPLATE …) and dropped on close.
 */
export const TEST_DATABASE_URL = () => process.env.TEST_DATABASE_URL || undefined;

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdmin<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function createDatabase(base: string, name: string, template?: string): Promise<string> {
  await withAdmin(base, (c) =>
    c.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`),
  );
  return databaseUrl(base, name);
}

export async function dropDatabase(base: string, name: string): Promise<void> {
  await withAdmin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

let counter = 0;
export const uniqueDatabaseName = (prefix: string) =>
  `${prefix}_${process.pid}_${Date.now().toString(36)}_${(counter++).toString(36)}`.toLowerCase();
