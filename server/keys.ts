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

/** Revokes a key; false when there is no such key or it was already revoked. */
export function revokeKey(db: Db, id: number): boolean {
  const result = db
    .stmt('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .run(new Date().toISOString(), id);
  return result.changes > 0;
}

export function countKeys(db: Db): number {
  return (db.stmt('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
}

/** The owner of a valid, unrevoked key, or null. */
export function authenticate(db: Db, key: string): KeyOwner | null {
  if (key.length < 8 || key.length > 200) return null;
  const hash = hashKey(key);
  const row = db
    .stmt('SELECT id, user_id, hash, revoked_at FROM api_keys WHERE hash = ?')
    .get(hash) as
    { id: number; user_id: number; hash: Uint8Array; revoked_at: string | null } | undefined;
  // The lookup finds the row by hash; the constant-time compare makes the final decision so that
  // no byte-by-byte comparison of secret material ever short-circuits.
  if (!row || !timingSafeEqual(Buffer.from(row.hash), hash) || row.revoked_at !== null) return null;
  return { userId: row.user_id, keyId: row.id };
}
