// The one place that talks to the API: base URL, tenant, device and own-client headers (the last
// keeps server-graded quizzes in a tenant where existing clients grade them), bearer token, cookies,
// and the refresh dance — on a 401 one refresh is shared by every waiting request, and each request
// is replayed at most once with the new token. A failed refresh signs the user out.
import { OWN_CLIENT, OWN_CLIENT_HEADER } from '@app/contract';
import type { z } from 'zod';
import { authStore } from './auth-store';
import { deviceId } from './device-id';
import { sendWithOverloadRetry } from './overload';

export const TENANT_ID = import.meta.env.VITE_TENANT_ID || 'tenant8';

/** The headers every call of this app sends (the CSV download too): tenant, device, own client. */
export function appHeaders(): Record<string, string> {
  return { 'X-Tenant-ID': TENANT_ID, DeviceId: deviceId(), [OWN_CLIENT_HEADER]: OWN_CLIENT };
}
const API_BASE = '';

export const NETWORK_ERROR_MESSAGE =
  'Network error. Please check your connection or contact administrator about CORS settings.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: { errors?: Record<string, string>; data?: unknown } | null = null,
    readonly code: 'ERR_NETWORK' | 'ERR_HTTP' = 'ERR_HTTP',
    /** A refused attempt's or a shed request's wait (429 or 503 with Retry-After), in seconds; else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
  get isNetwork(): boolean {
    return this.code === 'ERR_NETWORK';
  }
}

export type RequestOptions<S extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  json?: unknown;
  form?: FormData;
  /** Parse the answer with this schema (from packages/contract). */
  schema?: S;
  signal?: AbortSignal;
};

/** Where the app's requests go while the server renders a page per request (prerender/render.tsx):
 * its own API, in-process. Only the server build has it: in the browser's `import.meta.env.SSR` is
 * false and the bundler drops this. */
let serverFetch: typeof fetch | undefined;
export function setServerFetch(transport: typeof fetch): void {
  serverFetch = transport;
}

let onSessionExpired: () => void = () => undefined;
/** The router tells the client how to send the user to /login when the session cannot be renewed. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let refreshing: Promise<string | null> | null = null;

/** Renews the access token once for all callers that are waiting on a 401. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const response = await send('/api/Auth/refresh-token', { method: 'POST' }, authStore.get().token);
      if (!response.ok) return null;
      const body = (await response.json()) as { data?: { token?: string } };
      const token = body.data?.token ?? null;
      if (token) authStore.setToken(token);
      return token;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function buildUrl(path: string, query: RequestOptions<undefined>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function send(
  url: string,
  options: RequestOptions<z.ZodType | undefined>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...appHeaders() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  try {
    return await (import.meta.env.SSR && serverFetch ? serverFetch : fetch)(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, null, 'ERR_NETWORK');
  }
}

const NO_REFRESH = new Set([
  '/api/Auth/login',
  '/api/Auth/refresh-token',
  '/api/Auth/logout',
  '/api/Auth/register',
]);

/** Calls judged by a password or about the session itself: their 401 is not an expired token. */
const refreshes = (path: string) => !NO_REFRESH.has(path) && !path.startsWith('/api/Auth/devices');

/** Retry-After in seconds (the server sends seconds, never a date), when present and sane. */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  const url = buildUrl(path, options.query);
  const token = authStore.get().token;
  // A read the server shed (503 + Retry-After) is asked again after the wait (lib/overload.ts), in
  // the browser only: a page the server renders does not hold its answer back; it falls back instead.
  let response = import.meta.env.SSR
    ? await send(url, options, token)
    : await sendWithOverloadRetry(options.method ?? 'GET', () => send(url, options, token), options.signal);
  if (response.status === 401 && token && refreshes(path)) {
    const renewed = await refreshAccessToken();
    if (!renewed) {
      authStore.clear();
      onSessionExpired();
    } else {
      response = await send(url, options, renewed);
      if (response.status === 401) {
        authStore.clear();
        onSessionExpired();
      }
    }
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const envelope =
      typeof body === 'object' && body !== null
        ? (body as { message?: string; errors?: Record<string, string> })
        : null;
    const message =
      envelope?.message ?? (typeof body === 'string' && body ? body : `HTTP ${response.status}`);
    throw new ApiError(response.status, message, envelope, 'ERR_HTTP', retryAfterOf(response));
  }
  return (options.schema ? options.schema.parse(body) : body) as S extends z.ZodType ? z.output<S> : unknown;
}
