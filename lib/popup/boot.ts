/**
 * The popup's first screen before React loads (issue 4's "popup ready" budget). popup.html
 * carries the first screen as static markup, with the classes React renders (heading, the URL
 * line, "Audit this page" disabled) and no words. The popup's entry module
 * (entrypoints/popup/main.ts: this file and popup-data.ts, no React, no polyfill) runs this
 * once the markup is parsed: it puts the words in, reads what the popup needs, shows the URL and
 * enables the button when the React popup would (`decideBoot`). Only then does it load React
 * (entrypoints/popup/app.tsx): evaluating React first would hold the main thread while the reads
 * answer. A click before React mounts sends the same audit message the React popup sends. React
 * takes the read over (no second read) and, with `takeOver`, the audit the boot started, and
 * replaces the markup.
 */
import type { GeneratedI18nStructure } from '#i18n';
import type { AuditMessage, AuditState } from '@/lib/messages';
import { publishBoot, type BootAudit, type PopupBoot } from './boot-handover';
import { decideBoot, readPopupData, type PopupApi } from './popup-data';

export { popupBoot, type BootAudit, type PopupBoot } from './boot-handover';

/**
 * The browser's own promise-based API (MV3), no polyfill: `browser` in Firefox, `chrome` in
 * Chrome (as @wxt-dev/browser picks it).
 */
export function nativeApi(): PopupApi {
  const g = globalThis as unknown as { browser?: { runtime?: { id?: string } }; chrome: unknown };
  return (g.browser?.runtime?.id ? g.browser : g.chrome) as PopupApi;
}

/**
 * A message through the browser's own i18n (what `i18n.t` of #i18n does, without the library):
 * key `popup.audit` is message `popup_audit`.
 */
function t(api: PopupApi, key: keyof GeneratedI18nStructure): string {
  return api.i18n.getMessage(key.replaceAll('.', '_'));
}

/** Resolves once `doc` is parsed (before its deferred and module scripts run). */
function parsed(doc: Document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    doc.addEventListener('readystatechange', () => resolve(), { once: true });
  });
}

/**
 * Reads at once, then, with `doc` parsed, fills the static first screen and enables the button
 * when it may. Run from popup.html's head, so the reads overlap the parsing.
 */
export function startPopupBoot(
  api: PopupApi,
  doc: Document,
  search: string,
  now: () => number = Date.now,
): PopupBoot {
  const data = readPopupData(api, search);
  let over = false;
  let message: AuditMessage | undefined;
  let audit: BootAudit | undefined;
  let button: HTMLButtonElement | null = null;

  const shown = parsed(doc).then(() => {
    if (over) return;
    const main = doc.querySelector('main.popup');
    const title = doc.querySelector('.popup-title');
    const urlLine = doc.querySelector('.popup-url');
    const auditButton = doc.querySelector<HTMLButtonElement>('button.popup-audit');
    button = auditButton;
    if (title) title.textContent = t(api, 'popup.title');
    if (auditButton) auditButton.textContent = t(api, 'popup.audit');
    // A submit (click, or Enter on the focused button): one message, then the button is off.
    auditButton?.form?.addEventListener('submit', (event) => {
      event.preventDefault();
      if (over || audit || !message) return;
      auditButton.disabled = true;
      const reply = api.runtime.sendMessage(message) as Promise<AuditState>;
      reply.catch(() => {}); // React follows the reply; its failure is React's to show.
      audit = { message, since: now(), reply };
    });
    return data.then(
      (read) => {
        if (over) return;
        const decision = decideBoot(read);
        if (decision.page.auditable && urlLine) {
          urlLine.textContent = decision.page.url;
          urlLine.setAttribute('title', decision.page.url);
        }
        if (decision.ready && auditButton) {
          message = decision.message;
          main?.removeAttribute('aria-busy');
          auditButton.disabled = false;
          auditButton.focus();
        }
      },
      () => {}, // React reads again and shows what is wrong.
    );
  });

  const boot: PopupBoot = {
    data,
    shown,
    takeOver() {
      over = true;
      if (button) button.disabled = true;
      return audit;
    },
  };
  publishBoot(boot);
  return boot;
}
