import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { Popup } from '@/components/popup/Popup';
import { popupBoot } from '@/lib/popup/boot-handover';
import { loadPopupContext, popupContext } from '@/lib/popup/context';
import '@/components/theme.css';
import '@/components/popup/popup.css';

// /popup-boot.js (lib/popup/boot.ts) reads the context and shows the URL and a working button
// before this module runs; React takes its read over (or reads now, without a boot) and renders
// once, complete, in place of the boot's markup.
const boot = popupBoot();
document.documentElement.lang = browser.i18n.getUILanguage();
const root = createRoot(document.getElementById('root')!);
const loaded = boot
  ? boot.shown.then(async () => {
      const data = await boot.data;
      const audit = boot.takeOver();
      return { initial: popupContext(data, audit), bootAudit: audit };
    })
  : loadPopupContext().then((initial) => ({ initial, bootAudit: undefined }));
loaded.then(
  ({ initial, bootAudit }) => root.render(<Popup initial={initial} bootAudit={bootAudit} />),
  () => {
    boot?.takeOver();
    root.render(<Popup />);
  },
);
