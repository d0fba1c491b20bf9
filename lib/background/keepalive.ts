import { browser } from 'wxt/browser';

/**
 * Chrome ends an idle service worker after 30 s, and a pending fetch alone does not count as
 * activity; any extension API call does. An audit can take up to 60 s.
 */
const KEEPALIVE_MS = 20_000;

export interface Keepalive {
  /** Keeps the service worker awake until release(); holding twice is holding once. */
  hold(): void;
  release(): void;
}

export function createKeepalive(): Keepalive {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    hold() {
      timer ??= setInterval(() => {
        void browser.runtime.getPlatformInfo().catch(() => undefined);
      }, KEEPALIVE_MS);
    },
    release() {
      if (timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}
