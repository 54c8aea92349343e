// What every operator command is made of, and the helpers that turn option text into checked values.
import type { Config } from '../config';
import type { Db, DbHandle } from '../db/connect';
import type { Tenant } from '../db/schema';
import type { Clock } from '../lib/clock';

/** A mistake in how the tool was called or what it was asked for: printed without a stack, exit 1. */
export class CliError extends Error {
  constructor(
    message: string,
    /** Whether the message should be followed by a pointer to --help. */
    readonly showUsage = false,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export type OptionSpec = {
  type: 'string' | 'boolean';
  /** Placeholder shown in help, e.g. 'SLUG'. */
  value?: string;
  description: string;
  required?: boolean;
};

export type OptionValues = Record<string, string | boolean | undefined>;

export type CliContext = {
  config: Config;
  database: DbHandle;
  db: Db;
  clock: Clock;
  /** Migrations this run applied (every command migrates first). */
  migrated: string[];
  out: (text: string) => void;
  warn: (text: string) => void;
  /**
   * The tenant with this slug, or the configured default tenant; an unknown slug is a CliError. The
   * rest of the command then acts in that tenant (row-level security on PostgreSQL).
   */
  tenant: (slug?: string) => Promise<Tenant>;
  /** Runs `work` in another tenant's scope: for commands that visit several tenants. */
  asTenant: <T>(tenantId: number, work: () => Promise<T>) => Promise<T>;
};

/** The work a command does once its options are known to be good. */
export type Runner = (ctx: CliContext) => Promise<void>;

export type Command = {
  /** One or two words: 'migrate', 'tenant create'. */
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  examples?: string[];
  /**
   * Checks the options before anything is opened (a mistake costs no database connection) and
   * returns the work. Heavy modules are imported inside, so help and option errors stay fast.
   */
  prepare: (values: OptionValues) => Runner | Promise<Runner>;
};

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new CliError(`--${name} needs a value`, true);
  const trimmed = value.trim();
  if (trimmed === '') throw new CliError(`--${name} must not be empty`, true);
  return trimmed;
}

export function requiredString(values: OptionValues, name: string): string {
  const value = stringOption(values, name);
  if (value === undefined) throw new CliError(`missing --${name}`, true);
  return value;
}

export function integerOption(
  values: OptionValues,
  name: string,
  range: { min: number; max: number; fallback?: number },
): number {
  const text = stringOption(values, name);
  if (text === undefined) {
    if (range.fallback !== undefined) return range.fallback;
    throw new CliError(`missing --${name}`, true);
  }
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new CliError(
      `--${name} must be a whole number from ${range.min} to ${range.max} (got '${text}')`,
      true,
    );
  }
  return value;
}

export const flagOption = (values: OptionValues, name: string): boolean => values[name] === true;
