import type { TestEnv } from './service.ts';

export interface CallOptions {
  /** Default env.key; null sends no Authorization header. */
  key?: string | null;
  query?: Record<string, string | number>;
  /** Sent as application/x-www-form-urlencoded, as the spec says writes are. */
  form?: Record<string, string | number>;
  /** Sent as application/json instead. */
  json?: unknown;
  /** A raw body, with its own content-type in `headers`. */
  body?: string;
  headers?: Record<string, string>;
}

// Test bodies are read loosely and checked with expectShape where the shape matters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when there is none or it is not JSON. */
  body: T;
  text: string;
}

/** One API call: `call(env, 'GET', '/reports', { query: { per_page: 25 } })`. Path is under /api/v1. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  env: TestEnv,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(`${env.api}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {}))
    url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? env.key : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.body;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(
      Object.entries(options.form).map(([k, value]) => [k, String(value)]),
    ).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  // GET and HEAD cannot carry a body; tests that loop over methods pass one anyway.
  if (method === 'GET' || method === 'HEAD') body = undefined;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
