/**
 * A tiny real HTTP peer on a random loopback port, for the answers the reference service never
 * gives (a proxy's HTML page, a bare array, a 204 delete, a 502, a redirect elsewhere, a server
 * that never answers). It records every request, so tests can count attempts and look at the
 * headers and bodies the client really sent. Not a mock of fetch: the client talks HTTP to it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type PeerHandler = (
  request: RecordedRequest,
  response: ServerResponse,
  count: number,
) => void | Promise<void>;

export interface Peer {
  /** http://127.0.0.1:port */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startPeer(handler: PeerHandler): Promise<Peer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res, requests.length)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answer JSON with a status (and extra headers). */
export function json(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Answer a body as is, with a content type. */
export function send(res: ServerResponse, status: number, body: string, type = 'text/html'): void {
  res.writeHead(status, body === '' ? {} : { 'content-type': type });
  res.end(body);
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A report as the service would send it, for peers that answer like the service. */
export function wireReport(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    url: `https://example.com/page-${id}`,
    project: 'example.com',
    result: 'good',
    score: 91,
    privacy: 0,
    generated_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}
