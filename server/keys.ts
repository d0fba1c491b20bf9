import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.ts';

export interface KeyOwner {
  userId: number;
  keyId: number;
}

export interface KeyInfo {
  id: number;
  user_id: number;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

/** 32 random bytes: far too many to guess, so one unsalted sha256 is a safe way to store it. */
function newKey(): string {
  return `ar_${randomBytes(32).toString('base64url')}`;
}

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** Adds a key to an existing user; returns the plain key, the only time it is ever seen. */
export function createKeyForUser(db: Db, userId: number): { keyId: number; key: string } {
  const key = newKey();
  const row = db
    .stmt(
      'INSERT INTO api_keys (user_id, hash, prefix, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    )
    .get(userId, hashKey(key), key.slice(0, 10), new Date().toISOString()) as { id: number };
  return { keyId: row.id, key };
}

/** Creates a new user with one key. */
export function createUserWithKey(db: Db): KeyOwner & { key: string } {
  return db.transaction(() => {
    const user = db
      .stmt('INSERT INTO users (created_at) VALUES (?) RETURNING id')
      .get(new Date().toISOString()) as { id: number };
    const { keyId, key } = createKeyForUser(db, user.id);
    return { userId: user.id, keyId, key };
  });
}

export function listKeys(db: Db): KeyInfo[] {
  return db
    .stmt('SELECT id, user_id, prefix, created_at, revoked_at FROM api_keys ORDER BY id')
    .all() as unknown as KeyInfo[];
}

/**
 * Valid keys seen in the last AUTH_TTL_MS, by hash: most requests then skip the database. A key
 * revoked by this process is dropped at once; one revoked by `key revoke` (another process)
 * stops working within AUTH_TTL_MS.
 */
const AUTH_TTL_MS = 2_000;
const MAX_CACHED_KEYS = 10_000;
const recent = new WeakMap<Db, Map<string, { owner: KeyOwner; until: number }>>();

/** Revokes a key; false when there is no such key or it was already revoked. */
export function revokeKey(db: Db, id: number): boolean {
  const result = db
    .stmt('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .run(new Date().toISOString(), id);
  recent.get(db)?.clear();
  return result.changes > 0;
}

export function countKeys(db: Db): number {
  return (db.stmt('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
}

/** The owner of a valid, unrevoked key, or null. */
export function authenticate(db: Db, key: string): KeyOwner | null {
  if (key.length < 8 || key.length > 200) return null;
  const hash = hashKey(key);
  let cache = recent.get(db);
  if (!cache) recent.set(db, (cache = new Map()));
  const hex = hash.toString('hex');
  const now = Date.now();
  const hit = cache.get(hex);
  if (hit && hit.until > now) return hit.owner;
  const row = db
    .stmt('SELECT id, user_id, hash, revoked_at FROM api_keys WHERE hash = ?')
    .get(hash) as
    { id: number; user_id: number; hash: Uint8Array; revoked_at: string | null } | undefined;
  // The lookup finds the row by hash; the constant-time compare makes the final decision so that
  // no byte-by-byte comparison of secret material ever short-circuits.
  if (!row || !timingSafeEqual(Buffer.from(row.hash), hash) || row.revoked_at !== null) return null;
  const owner = { userId: row.user_id, keyId: row.id };
  if (cache.size >= MAX_CACHED_KEYS) cache.clear();
  cache.set(hex, { owner, until: now + AUTH_TTL_MS });
  return owner;
}
