import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { Db } from './db.ts';
import { HttpError, unauthenticated } from './http-error.ts';
import { authenticate, type KeyOwner } from './keys.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface AppEnv {
  Bindings: HttpBindings;
  Variables: { owner: KeyOwner };
}

/** What every route needs from the running service. */
export interface Deps {
  db: Db;
  auditTimeoutMs: number;
  limiter: RateLimiter;
}

/** `Authorization: Bearer <key>` → the key's owner; a missing, bad or revoked key is 401. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Authentication, then the per-key rate limit. Attached to each API route (not to a path
 * prefix), so an unknown route answers 404 before anyone is asked for a key.
 */
export function guard({ db, limiter }: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = bearerKey(c.req.header('authorization'));
    const owner = key ? authenticate(db, key) : null;
    if (!owner) throw unauthenticated();
    const decision = limiter.hit(owner.keyId);
    c.header('X-RateLimit-Limit', String(limiter.limit));
    c.header('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      throw new HttpError(429, 'Too Many Attempts.', {
        'Retry-After': String(decision.retryAfter),
      });
    }
    c.set('owner', owner);
    await next();
  };
}
