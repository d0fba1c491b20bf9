/**
 * Worker-thread side of threaded-service.ts: runs the reference service with plain Node globals.
 * Node 24 runs this .ts file directly (type stripping), like `npm run service` does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startService } from '../../../server/start.ts';

const service = await startService({ port: 0, data: ':memory:', log: false, ...workerData });
const port = parentPort!;
port.on('message', async (message: { id: number; call: string; args: unknown[] }) => {
  try {
    let result: unknown;
    if (message.call === 'createKey') result = service.createKey();
    else if (message.call === 'seed') {
      const [key, reports] = message.args as [string, Parameters<typeof service.seed>[1]];
      result = service.seed(key, reports);
    } else if (message.call === 'close') {
      await service.close();
      result = null;
    }
    port.postMessage({ id: message.id, result });
  } catch (error) {
    port.postMessage({ id: message.id, error: String(error) });
  }
});
port.postMessage({ ready: true, url: service.url });
