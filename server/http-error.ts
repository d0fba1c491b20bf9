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

// Laravel's own wording, so the extension sees what the real service would say.
export const notFound = () => new HttpError(404, 'No query results for this key.');
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
