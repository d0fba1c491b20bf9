import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { nativeApi, startPopupBoot } from '@/lib/popup/boot';

// popup.html's first script, a classic one in its head (lib/popup/boot.ts): the first screen
// before React, with the browser's own API, no polyfill.
export default defineUnlistedScript(() => {
  startPopupBoot(nativeApi(), document, location.search);
});
