import type { Context } from 'hono';
import { HttpError } from './http-error.ts';
import type { Fields } from './validate.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads at most MAX_BODY_BYTES, whatever Content-Length claims (it may be absent or lie). */
async function readCapped(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): HttpError {
  return new HttpError(413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
}

/**
 * The fields of a write request. The spec sends form fields; JSON objects and multipart forms are
 * accepted too, because clients (and curl users) send them. Unknown fields are simply ignored later.
 */
export async function readFields(c: Context): Promise<Fields> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(await readCapped(c.req.raw)), {
        headers: { 'content-type': c.req.header('content-type')! },
      }).formData();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'The request body is not a valid multipart form.');
    }
    const fields: Fields = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    return fields;
  }
  const text = (await readCapped(c.req.raw)).toString('utf8');
  if (type === 'application/json' || type.endsWith('+json')) {
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new HttpError(400, 'The request body must be a JSON object.');
    }
    return value as Fields;
  }
  if (type === '' || type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(text));
  }
  throw new HttpError(415, 'Send the fields as application/x-www-form-urlencoded (or JSON).');
}
