/**
 * The reference service in a worker thread, for tests that run in happy-dom.
 *
 * Why: happy-dom replaces the global fetch/Request/Response in the test's thread, and the
 * service fetches the pages it audits with the global fetch — in-process it would audit through
 * happy-dom's browser-page fetch (CORS and all) and fail. A worker thread has Node's own
 * globals, so the service behaves there exactly as under `npm run service`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SeedReport } from '@/server/seed';

interface Reply {
  result?: unknown;
  error?: string;
}

export interface ThreadedService {
  url: string;
  createKey(): Promise<string>;
  seed(key: string, reports: readonly SeedReport[]): Promise<number[]>;
  close(): Promise<void>;
}

export async function startThreadedService(options: object = {}): Promise<ThreadedService> {
  // A path, not a URL object: happy-dom's URL class is not one Node's Worker recognises.
  const file = join(dirname(fileURLToPath(import.meta.url)), 'service-thread.ts');
  const worker = new Worker(file, {
    workerData: options,
  });
  const pending = new Map<number, (reply: Reply) => void>();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: Reply & { ready?: boolean; url?: string; id?: number }) => {
      if (message.ready) resolve(message.url!);
      else if (message.id) pending.get(message.id)?.(message);
    });
  });
  const call = <T>(name: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (reply) => {
        pending.delete(id);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply.result as T);
      });
      worker.postMessage({ id, call: name, args });
    });
  return {
    url,
    createKey: () => call<string>('createKey'),
    seed: (key, reports) => call<number[]>('seed', key, reports),
    close: async () => {
      await call('close');
      await worker.terminate();
    },
  };
}
