import { afterEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// Every test starts with empty storage and no granted permissions.
afterEach(() => {
  fakeBrowser.reset();
});
