/** Why a page could not be audited; each maps to one sentence the user sees under `url`. */
export type FetchFailure =
  | 'scheme'
  | 'dns'
  | 'refused'
  | 'timeout'
  | 'tls'
  | 'network'
  | 'redirects'
  | 'status'
  | 'not-html';

export class PageFetchError extends Error {
  readonly reason: FetchFailure;
  constructor(reason: FetchFailure, message: string) {
    super(message);
    this.name = 'PageFetchError';
    this.reason = reason;
  }
}

export interface FetchedPage {
  /** The URL that finally answered, after redirects. */
  finalUrl: string;
  redirects: number;
  status: number;
  headers: Headers;
  html: string;
  /** Bytes read; reading stops at the cap, then `truncated` is true. */
  bytes: number;
  truncated: boolean;
  /** Milliseconds from the first request to the final response's headers. */
  timeToFirstByteMs: number;
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_LIMITS: FetchLimits = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};

const TLS_CODES =
  /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** Turns fetch's nested `cause` chain into one of the reasons the user can act on. */
export function classify(error: unknown, host: string, timeoutMs: number): PageFetchError {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause; depth++) {
    const { name, code, message } = cause as { name?: string; code?: string; message?: string };
    if (message === 'bad port') {
      return new PageFetchError('network', 'Browsers never fetch pages from that port.');
    }
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new PageFetchError('timeout', `The page did not answer within ${timeoutMs / 1000} s.`);
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
      return new PageFetchError('dns', `The host name ${host} could not be resolved (DNS).`);
    }
    if (code === 'ECONNREFUSED') {
      return new PageFetchError('refused', `The server at ${host} refused the connection.`);
    }
    if (code && TLS_CODES.test(code)) {
      return new PageFetchError('tls', `The TLS connection to ${host} failed (${code}).`);
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return new PageFetchError('network', `The page could not be fetched (network error).`);
}

async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { body: Buffer.concat(chunks), truncated };
}

function isHtml(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

function decode(body: Uint8Array, contentType: string | null): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Fetches a page the way an auditor should: http(s) only, redirects followed by hand (so each
 * hop's scheme is checked and counted), one deadline for the whole exchange, a byte cap.
 */
export async function fetchPage(
  url: string,
  limits: FetchLimits = DEFAULT_LIMITS,
): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const started = performance.now();
  let current = new URL(url);
  for (let redirects = 0; ; redirects++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new PageFetchError('scheme', 'Only http and https pages can be audited.');
    }
    let response: Response;
    try {
      response = await fetch(current, {
        redirect: 'manual',
        signal,
        headers: { 'user-agent': 'AuditReportsBot/1.0', accept: 'text/html,*/*;q=0.5' },
      });
    } catch (error) {
      throw classify(error, current.hostname, limits.timeoutMs);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirects >= limits.maxRedirects) {
        throw new PageFetchError(
          'redirects',
          `The page redirected more than ${limits.maxRedirects} times.`,
        );
      }
      current = new URL(location, current);
      continue;
    }
    const timeToFirstByteMs = performance.now() - started;
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      const text = response.statusText ? ` ${response.statusText}` : '';
      throw new PageFetchError('status', `The page answered HTTP ${response.status}${text}.`);
    }
    const contentType = response.headers.get('content-type');
    if (!isHtml(contentType)) {
      await response.body?.cancel();
      const type = contentType ? contentType.split(';')[0] : 'no content type';
      throw new PageFetchError('not-html', `The page is not HTML (${type}).`);
    }
    let read: { body: Uint8Array; truncated: boolean };
    try {
      read = await readCapped(response, limits.maxBytes);
    } catch (error) {
      throw classify(error, current.hostname, limits.timeoutMs);
    }
    return {
      finalUrl: current.href,
      redirects,
      status: response.status,
      headers: response.headers,
      html: decode(read.body, contentType),
      bytes: read.body.byteLength,
      truncated: read.truncated,
      timeToFirstByteMs,
    };
  }
}
