import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema, expectShape } from '../support/contract.ts';
import { startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env.close());

describe('bodies', () => {
  const post = (body: string | ReadableStream, type: string) =>
    fetch(`${env.api}/reports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.key}`,
        'content-type': type,
        accept: 'application/json',
      },
      body,
      duplex: 'half',
    } as RequestInit);

  it('refuses malformed JSON with 400 and a message', async () => {
    for (const body of ['{"url":', '[1,2]', '"text"', 'null']) {
      const response = await post(body, 'application/json');
      expect(response.status, body).toBe(400);
      expectShape(ErrorSchema, await response.json());
    }
  });

  it('refuses a body over 64 KB with 413, declared or streamed', async () => {
    const big = `url=${'a'.repeat(70 * 1024)}`;
    const declared = await post(big, 'application/x-www-form-urlencoded');
    expect(declared.status).toBe(413);
    expectShape(ErrorSchema, await declared.json());
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++)
          controller.enqueue(new TextEncoder().encode('a'.repeat(8 * 1024)));
        controller.close();
      },
    });
    const streamed = await post(stream, 'application/x-www-form-urlencoded');
    expect(streamed.status).toBe(413);
  });

  it('refuses an unknown content type with 415 and reads multipart forms', async () => {
    const text = await post('url=http://x.test/', 'text/plain');
    expect(text.status).toBe(415);
    expectShape(ErrorSchema, await text.json());
    const form = new FormData();
    form.set('url', 'not a url');
    const multipart = await fetch(`${env.api}/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.key}` },
      body: form,
    });
    expect(multipart.status).toBe(422);
    expect((await multipart.json()).errors.url[0]).toMatch(/valid URL/);
  });
});
