/**
 * A real HTTP peer in front of the reference service, for failures the service never produces
 * (a 500 with an HTML page, a slow answer). Requests the rule leaves alone are passed through
 * unchanged, CORS preflights included; answered ones get CORS headers like the service's.
 */
import { request as httpRequest } from 'node:http';
import { startPeer, type Peer, type RecordedRequest } from '../lib/support/peer';

export interface PeerAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering. */
  delay?: number;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-expose-headers': 'Retry-After',
};

export function startFrontPeer(
  target: string,
  rule: (request: RecordedRequest) => PeerAnswer | null,
  /** Milliseconds to hold a passed-on request back. */
  delayOf: (request: RecordedRequest) => number = () => 0,
): Promise<Peer> {
  return startPeer(async (request, res) => {
    const wait = request.method === 'OPTIONS' ? 0 : delayOf(request);
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const answer = request.method === 'OPTIONS' ? null : rule(request);
    if (answer) {
      if (answer.delay) await new Promise((resolve) => setTimeout(resolve, answer.delay));
      res.writeHead(answer.status, {
        'content-type': answer.body.startsWith('<') ? 'text/html' : 'application/json',
        ...CORS,
        ...answer.headers,
      });
      res.end(answer.body);
      return;
    }
    // Passed on with node:http (not the test page's fetch, which would add CORS of its own).
    const headers = { ...request.headers };
    delete headers.host;
    await new Promise<void>((resolve, reject) => {
      const upstream = httpRequest(
        `${target}${request.url}`,
        { method: request.method, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
        },
      );
      upstream.on('error', reject);
      upstream.end(request.body);
    });
  });
}
