import { Puppeteer, type Locator, type Page } from 'puppeteer-core';

/**
 * `::-p-label(API key)`: form controls whose label (`<label>`, `aria-label`, `aria-labelledby`) is
 * exactly that text. Needed beside `-p-aria` because Firefox gives password inputs no ARIA role
 * in its accessibility tree (so `[role="textbox"]` misses them there).
 */
if (!Puppeteer.customQueryHandlerNames().includes('label')) {
  Puppeteer.registerCustomQueryHandler('label', {
    queryAll: (root: Node, name: string) => {
      const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
      const doc = root.ownerDocument ?? (root as Document);
      const controls = (root as ParentNode).querySelectorAll(
        'input, textarea, select, [contenteditable], [role="textbox"], [role="combobox"]',
      );
      return [...controls].filter((control) => {
        const names = [control.getAttribute('aria-label')];
        const ids = control.getAttribute('aria-labelledby');
        if (ids) {
          names.push(
            ids
              .split(/\s+/)
              .map((id) => doc.getElementById(id)?.textContent ?? '')
              .join(' '),
          );
        }
        for (const label of (control as HTMLInputElement).labels ?? []) {
          names.push(label.textContent);
        }
        return names.some((text) => norm(text) === name);
      });
    },
  });
}

/**
 * Queries by role and accessible name, as a person finds things: `role` is an ARIA role
 * ('button', 'textbox', 'checkbox', 'heading', 'status', …), `name` the exact accessible name.
 * Always give the role: in Firefox a name alone also matches the `<label>` itself.
 */
export function byRole(page: Page, role: string, name?: string): Locator<Element> {
  const nameFilter = name === undefined ? '' : `[name=${JSON.stringify(name)}]`;
  return page.locator(`::-p-aria(${nameFilter}[role="${role}"])`);
}

/** The form control labelled exactly `label` (any kind of input, including passwords). */
export function byLabel(page: Page, label: string): Locator<Element> {
  return page.locator(`::-p-label(${label})`);
}

/** An element whose text contains `text` (for messages without a role). */
export function byText(page: Page, text: string): Locator<Node> {
  return page.locator(`::-p-text(${text})`);
}

/** A page object: the puppeteer Page plus role-based helpers. Extend it per screen. */
export class ExtensionScreen {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  button(name: string) {
    return byRole(this.page, 'button', name);
  }

  textbox(name: string) {
    return byRole(this.page, 'textbox', name);
  }

  /** A form control by its label: use this for password fields (see `::-p-label`). */
  field(label: string) {
    return byLabel(this.page, label);
  }

  text(text: string) {
    return byText(this.page, text);
  }

  /** Resolves when the React root has rendered something. */
  async ready(): Promise<this> {
    await this.page.waitForSelector('#root > *');
    return this;
  }

  /** Visible text of the whole screen (for assertions on sentences). */
  bodyText(): Promise<string> {
    return this.page.evaluate(() => document.body.innerText);
  }
}
