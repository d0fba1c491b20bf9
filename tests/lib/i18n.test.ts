import { parseMessagesFile } from '@wxt-dev/i18n/build';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '#i18n';

const locales = readdirSync('locales').filter((file) => file.endsWith('.yml'));

async function keysOf(file: string) {
  const parsed = await parseMessagesFile(join('locales', file));
  return parsed.filter((m) => !m.key[0]!.startsWith('@@')).map((m) => m.key.join('.'));
}

describe('i18n', () => {
  it('ships English and at least one more language', () => {
    expect(locales).toContain('en.yml');
    expect(locales.length).toBeGreaterThanOrEqual(2);
  });

  it.each(locales.filter((l) => l !== 'en.yml'))('%s has exactly the English keys', async (l) => {
    const english = await keysOf('en.yml');
    const other = await keysOf(l);
    expect({ missing: english.filter((k) => !other.includes(k)) }).toEqual({ missing: [] });
    expect({ extra: other.filter((k) => !english.includes(k)) }).toEqual({ extra: [] });
  });

  it.each(locales)('%s has no empty message', async (l) => {
    const parsed = await parseMessagesFile(join('locales', l));
    const empty = parsed.filter((m) => m.type === 'simple' && m.message.trim() === '');
    expect(empty.map((m) => m.key.join('.'))).toEqual([]);
  });

  it('keeps $1 placeholders consistent across languages', async () => {
    const english = new Map(
      (await parseMessagesFile('locales/en.yml')).map((m) => [m.key.join('.'), m]),
    );
    for (const l of locales) {
      for (const m of await parseMessagesFile(join('locales', l))) {
        const en = english.get(m.key.join('.'));
        if (en)
          expect([l, m.key.join('.'), m.substitutions]).toEqual([
            l,
            m.key.join('.'),
            en.substitutions,
          ]);
      }
    }
  });

  it('resolves messages in tests the way the browser does', () => {
    expect(i18n.t('extName')).toBe('Audit Reports');
  });

  it('the manifest names only messages that exist', () => {
    const config = readFileSync('wxt.config.ts', 'utf8');
    const used = [...config.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    const en = readFileSync('locales/en.yml', 'utf8');
    for (const key of used) expect(en).toMatch(new RegExp(`^${key}:`, 'm'));
  });
});
