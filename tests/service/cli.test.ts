import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '../../server/cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'audit-service-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = async (...args: string[]) => (await run(process.execPath, [CLI, ...args])).stdout;
const lastLine = (text: string) => text.trim().split('\n').at(-1)!.trim();

describe('service command line', () => {
  it('key create prints a new key as the last line; key list and key revoke manage keys', async () => {
    const data = join(dir, 'keys.db');
    const first = lastLine(await cli('key', 'create', '--data', data));
    const second = lastLine(await cli('key', 'create', '--data', data));
    expect(first).toMatch(/^ar_[\w-]{43}$/);
    expect(second).not.toBe(first);
    const listed = await cli('key', 'list', '--data', data);
    expect(listed).toContain(first.slice(0, 10));
    expect(listed).not.toContain(first);
    expect(await cli('key', 'revoke', '1', '--data', data)).toMatch(/Revoked key 1/);
    const after = await cli('key', 'list', '--data', data);
    expect(after.split('\n')[1]).toMatch(/\t20\d\d-/);
    await expect(cli('key', 'revoke', '1', '--data', data)).rejects.toThrow(/No active key/);
    await expect(cli('key', 'burn', '--data', data)).rejects.toThrow(/Unknown key command/);
  });

  it('starts, prints a key on an empty database, serves it, logs without secrets', async () => {
    const data = join(dir, 'serve.db');
    const child = spawn(process.execPath, [CLI, '--port', '0', '--data', data], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    try {
      await expect.poll(() => out, { timeout: 10_000 }).toMatch(/ar_[\w-]{43}\s*\n/);
      const url = /on (http:\/\/\S+) /.exec(out)![1];
      const key = /(ar_[\w-]{43})/.exec(out)![1]!;
      const response = await fetch(`${url}/api/v1/reports?search=secret-words`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      // A key made by another process while the service runs works at once (WAL).
      const other = lastLine(await cli('key', 'create', '--data', data));
      const withOther = await fetch(`${url}/api/v1/projects`, {
        headers: { authorization: `Bearer ${other}` },
      });
      expect(withOther.status).toBe(200);
      await expect.poll(() => out).toMatch(/GET \/api\/v1\/projects 200 [\d.]+ms/);
      expect(out).toMatch(/GET \/api\/v1\/reports 200 [\d.]+ms/);
      expect(out).not.toContain('secret-words');
      const logLines = out
        .split('\n')
        .filter((line) => / \/api\/v1\//.test(line) && /ms$/.test(line));
      expect(logLines.join('\n')).not.toContain('ar_');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('refuses bad flags with a usage message', async () => {
    await expect(cli('--port', 'eighty')).rejects.toThrow(/--port must be a whole number/);
    await expect(cli('launch')).rejects.toThrow(/Unknown command/);
  });
});
