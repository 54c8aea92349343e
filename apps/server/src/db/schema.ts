// Table types for Kysely. The same schema runs on SQLite and PostgreSQL, so column types are the
// common ground: integers for ids and 0/1 flags, ISO-8601 UTC text for instants (sortable as text).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Flag = 0 | 1;

export interface TenantTable {
  id: Generated<number>;
  slug: string;
  name: string;
  time_zone: string;
  require_email_confirmation: Flag;
  whatsapp_number: string | null;
  facebook_page: string | null;
  youtube_channel: string | null;
  tiktok_channel: string | null;
  created_at: string;
}

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** Normalised (trimmed, lower case): unique per tenant. */
  email: string;
  /** Normalised digits: unique per tenant. */
  phone: string;
  parent_phone: string;
  academic_year: string;
  is_online: Flag;
  role: 'student' | 'admin';
  password_hash: string;
  email_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeviceSessionTable {
  /** Random UUID: carried in the access token. */
  id: string;
  tenant_id: number;
  user_id: number;
  device_id: string;
  /** 1..MAX_DEVICES; unique per user, which is what makes the device limit race-free. */
  slot: number;
  refresh_hash: string;
  /** The hash the last rotation replaced: presenting it again is reuse, and ends the session. */
  previous_refresh_hash: string | null;
  created_at: string;
  refreshed_at: string;
  expires_at: string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  tenant_id: number | null;
  to_address: string;
  subject: string;
  body_text: string;
  status: 'logged' | 'pending' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Database {
  tenants: TenantTable;
  users: UserTable;
  device_sessions: DeviceSessionTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
}

export type Tenant = Selectable<TenantTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type DeviceSession = Selectable<DeviceSessionTable>;
