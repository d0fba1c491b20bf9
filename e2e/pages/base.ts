import type { Locator, Page } from 'puppeteer-core';

/**
 * Queries by role and accessible name, as a person finds things: `role` is an ARIA role
 * ('button', 'textbox', 'checkbox', 'heading', 'status', …), `name` the exact accessible name.
 */
export function byRole(page: Page, role: string, name?: string): Locator<Element> {
  const nameFilter = name === undefined ? '' : `[name=${JSON.stringify(name)}]`;
  return page.locator(`::-p-aria(${nameFilter}[role="${role}"])`);
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
