import { useEffect, useRef, useState, type FormEvent } from 'react';
import { normalizeBaseUrl } from '@/lib/base-url';
import { checkConnection, type ConnectionCheck } from '@/lib/check-connection';
import { requestHostPermission } from '@/lib/permissions';
import { apiKey, baseUrl } from '@/lib/storage';

export type SaveState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'checked'; check: ConnectionCheck }
  | { status: 'forgotten' };

export interface SettingsForm {
  baseUrl: string;
  apiKey: string;
  setBaseUrl(value: string): void;
  setApiKey(value: string): void;
  /** Why the base URL cannot be saved, shown beside the field; with a corrected address. */
  baseUrlError: { message: string; suggestion?: string } | null;
  /** What normalisation changed on the last save, e.g. a removed `/api/v1`. */
  notes: string[];
  state: SaveState;
  loaded: boolean;
  save(event: FormEvent): void;
  forgetKey(): void;
}

export interface SettingsFormOptions {
  /** For tests; the extension uses the global fetch and the client's 15 s read timeout. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * The options form: load what is stored, and on Save ask for the host permission first (the
 * click is the only moment the browser lets us), then store, then test the connection. What the
 * person typed stays in the fields whatever fails.
 */
export function useSettingsForm(options: SettingsFormOptions = {}): SettingsForm {
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [baseUrlError, setBaseUrlError] = useState<SettingsForm['baseUrlError']>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const run = useRef(0);

  const test = async (savedUrl: string, savedKey: string) => {
    const id = ++run.current;
    setState({ status: 'checking' });
    const check = await checkConnection({
      baseUrl: savedUrl,
      key: savedKey,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    });
    // A later save wins over a slower earlier check.
    if (id === run.current) setState({ status: 'checked', check });
  };

  useEffect(() => {
    let cancelled = false;
    void Promise.all([baseUrl.getValue(), apiKey.getValue()]).then(([storedUrl, storedKey]) => {
      if (cancelled) return;
      setUrl(storedUrl);
      setKey(storedKey);
      setLoaded(true);
      // Show where a saved configuration stands as soon as the page opens.
      if (storedKey !== '') void test(storedUrl, storedKey);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once, on open
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeBaseUrl(url);
    if (!normalized.ok) {
      setBaseUrlError({ message: normalized.error, suggestion: normalized.suggestion });
      return;
    }
    // First asynchronous call of the click: any await before it would end the user gesture.
    const permission = requestHostPermission(normalized.baseUrl);
    setBaseUrlError(null);
    setNotes(normalized.notes);
    setUrl(normalized.baseUrl);
    const trimmedKey = key.trim();
    setKey(trimmedKey);
    void (async () => {
      setState({ status: 'checking' });
      await permission;
      await Promise.all([baseUrl.setValue(normalized.baseUrl), apiKey.setValue(trimmedKey)]);
      await test(normalized.baseUrl, trimmedKey);
    })();
  };

  const forgetKey = () => {
    run.current++;
    setKey('');
    setState({ status: 'forgotten' });
    void apiKey.setValue('');
  };

  return {
    baseUrl: url,
    apiKey: key,
    setBaseUrl: (value) => {
      setUrl(value);
      setBaseUrlError(null);
    },
    setApiKey: setKey,
    baseUrlError,
    notes,
    state,
    loaded,
    save,
    forgetKey,
  };
}
