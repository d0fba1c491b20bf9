import { useCallback, useEffect, useState } from 'react';
import type { WxtStorageItem } from 'wxt/utils/storage';

/**
 * A storage item as React state: `undefined` until the stored value has been read, then the
 * value, kept in step with writes from elsewhere (another panel window, the popup). Setting it
 * updates the screen at once and writes through to storage.
 */
export function useStoredState<T>(
  item: WxtStorageItem<T, Record<string, unknown>>,
): [T | undefined, (next: T | ((current: T) => T)) => void] {
  const [value, setValue] = useState<T | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void item.getValue().then((stored) => {
      if (live) setValue((current) => (current === undefined ? stored : current));
    });
    const unwatch = item.watch((next) => setValue(next ?? item.fallback));
    return () => {
      live = false;
      unwatch();
    };
  }, [item]);

  const update = useCallback(
    (next: T | ((current: T) => T)) => {
      setValue((current) => {
        const base = current ?? item.fallback;
        const resolved = typeof next === 'function' ? (next as (current: T) => T)(base) : next;
        void item.setValue(resolved);
        return resolved;
      });
    },
    [item],
  );

  return [value, update];
}
