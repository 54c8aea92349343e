// Fresh PostgreSQL databases set up the way production should be: owned by a role that is not a
// superuser (it runs the migrations), and used by an application role that is neither owner nor
// superuser, so row-level security applies to every query the app makes. A superuser URL to the same
// database is kept for fixtures and checks that must see every tenant.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './postgres-availability';

export const OWNER_ROLE = 'lp_owner';
export const APP_ROLE = 'lp_app';

export type RoleDatabase = {
  name: string;
  /** The schema owner: DATABASE_OWNER_URL. */
  ownerUrl: string;
  /** The application's role: DATABASE_URL. */
  appUrl: string;
  /** A superuser on the same database: fixtures and checks across tenants. */
  adminUrl: string;
  drop(): Promise<void>;
};

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let rolesReady: Promise<void> | null = null;

/** Creates both roles once per server; parallel test files may race here, which is harmless. */
function ensureRoles(): Promise<void> {
  rolesReady ??= (async () => {
    for (const role of [OWNER_ROLE, APP_ROLE]) {
      await adminQuery(`do $$ begin
        create role ${role} login nosuperuser nobypassrls nocreatedb nocreaterole;
      exception when duplicate_object or unique_violation then null;
      end $$`);
    }
  })();
  return rolesReady;
}

const urlOf = (name: string, user?: string) => {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
};

export async function createRoleDatabase(prefix: string): Promise<RoleDatabase> {
  await ensureRoles();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} owner ${OWNER_ROLE}`);
  return {
    name,
    ownerUrl: urlOf(name, OWNER_ROLE),
    appUrl: urlOf(name, APP_ROLE),
    adminUrl: urlOf(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
