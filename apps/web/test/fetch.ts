// The network boundary of a jsdom test: a stubbed global fetch that answers with real Responses.
import { vi } from 'vitest';

export type Call = { method: string; url: URL; headers: Headers; body: BodyInit | null | undefined };
type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The `{ success, message, data }` envelope of API.md. */
export function envelope(
  status: number,
  message: string | null,
  data: unknown = null,
  errors?: Record<string, string>,
) {
  return json(status, { success: status < 400, message, data, ...(errors ? { errors } : {}) });
}

/** Stubs fetch with `handler`; returns the list of calls made so far. */
export function stubFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'),
        headers: new Headers(init.headers),
        body: init.body,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** The JSON body a call sent. */
export function sentJson(call: Call | undefined): unknown {
  if (typeof call?.body !== 'string') throw new Error('the call sent no JSON body');
  return JSON.parse(call.body);
}

/** A fetch that fails the way a browser does when the server is unreachable or CORS refuses. */
export function failingFetch(): Call[] {
  return stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
}

/** A response that never arrives (to look at in-flight states). */
export function pending(): Promise<Response> {
  return new Promise(() => undefined);
}
