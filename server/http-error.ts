/** An error that is an answer: its status and `{message}` go to the client as they are. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

/** 404 for a record this key cannot see: missing and someone else's read the same (never 403). */
export const notFound = (what: 'report' | 'project') =>
  new HttpError(404, `No such ${what} for this API key.`);
// Laravel's own wording, so the extension sees what the real service would say.
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
