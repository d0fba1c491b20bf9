// The options page in the real browser: a person types the service's address (as they might
// paste it, with /api/v1) and their key, saves, and sees the connection checklist pass.
import { beforeEach, describe, expect, test } from 'vitest';
import { OptionsPage, byRole } from './pages/index.ts';
import { BROWSERS, clearStorage, getStorage, useBrowser, useE2eEnv } from './support/index.ts';

describe.each(BROWSERS)('%s options page', (name) => {
  const ext = useBrowser(name);
  const env = useE2eEnv();

  beforeEach(() => clearStorage(ext()));

  test('fill, save, and the checklist passes', async () => {
    const options = await OptionsPage.open(ext());
    await options.fill({ baseUrl: `${env().baseUrl}/api/v1/`, apiKey: env().apiKey });
    await options.save().click();

    await byRole(options.page, 'heading', 'Connected').wait();
    const text = await options.bodyText();
    expect(text).toContain('Permission to contact the service');
    expect(text).toContain('Service reachable');
    expect(text).toContain('API key accepted');
    expect(text).not.toContain('Not connected yet');
    expect(text).toMatch(/Removed \/api\/v1/);
    expect(await getStorage(ext(), ['baseUrl', 'apiKey'])).toEqual({
      baseUrl: env().baseUrl,
      apiKey: env().apiKey,
    });
    expect(ext().pageErrors).toEqual([]);
  });

  test('a refused key is named, and what was typed stays', async () => {
    const options = await OptionsPage.open(ext());
    await options.fill({ baseUrl: env().baseUrl, apiKey: 'wrong-key' });
    await options.save().click();

    await byRole(options.page, 'heading', 'Not connected yet').wait();
    expect(await options.bodyText()).toMatch(/API key accepted[\s\S]*refused/);
    const typed = await options.page.evaluate(
      () => (document.querySelector('input[autocomplete="off"]') as HTMLInputElement).value,
    );
    expect(typed).toBe('wrong-key');
  });
});
