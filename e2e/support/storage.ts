// Set the extension up through its storage, for specs that are not about the options page.
import type { ExtensionBrowser, ExtensionGlobal } from './browsers.ts';

/**
 * Keys in `storage.local` of the items declared in lib/storage.ts (WXT's `local:apiKey` is the
 * `apiKey` key of `storage.local`). Keep in step with that file.
 */
export const STORAGE_KEYS = {
  apiKey: 'apiKey',
  baseUrl: 'baseUrl',
} as const;

export function setStorage(ext: ExtensionBrowser, items: Record<string, unknown>): Promise<void> {
  return ext.evaluateInExtension(async (values) => {
    const g = globalThis as unknown as ExtensionGlobal;
    await (g.browser ?? g.chrome).storage.local.set(values);
  }, items);
}

export function getStorage(
  ext: ExtensionBrowser,
  keys: string[] | null = null,
): Promise<Record<string, unknown>> {
  return ext.evaluateInExtension(async (wanted) => {
    const g = globalThis as unknown as ExtensionGlobal;
    return (g.browser ?? g.chrome).storage.local.get(wanted);
  }, keys);
}

/** Empties `storage.local` and `storage.sync`: the state of a fresh install. */
export function clearStorage(ext: ExtensionBrowser): Promise<void> {
  return ext.evaluateInExtension(async () => {
    const g = globalThis as unknown as ExtensionGlobal;
    const api = g.browser ?? g.chrome;
    await api.storage.local.clear();
    await api.storage.sync.clear().catch(() => {});
  });
}

/** Points the extension at a service, as if the options page had been saved. */
export function configureExtension(
  ext: ExtensionBrowser,
  { baseUrl, apiKey }: { baseUrl: string; apiKey: string },
): Promise<void> {
  return setStorage(ext, { [STORAGE_KEYS.baseUrl]: baseUrl, [STORAGE_KEYS.apiKey]: apiKey });
}

/**
 * Whether the extension holds a host permission for that address (e.g. 'http://127.0.0.1:8787').
 * Match patterns name no port (Firefox refuses one, Chrome ignores it), as in lib/permissions.ts.
 */
export function hasHostPermission(ext: ExtensionBrowser, origin: string): Promise<boolean> {
  return ext.evaluateInExtension(
    async (pattern) => {
      const g = globalThis as unknown as ExtensionGlobal;
      return (g.browser ?? g.chrome).permissions.contains({ origins: [pattern] });
    },
    `${new URL(origin).protocol}//${new URL(origin).hostname}/*`,
  );
}
