import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { Popup } from '@/components/popup/Popup';
import { loadPopupContext } from '@/lib/popup/context';
import '@/components/theme.css';
import '@/components/popup/popup.css';

// Started before React mounts: the popup then renders once, with the URL and the button ready.
const context = loadPopupContext();
document.documentElement.lang = browser.i18n.getUILanguage();
const root = createRoot(document.getElementById('root')!);
context.then(
  (initial) => root.render(<Popup initial={initial} />),
  () => root.render(<Popup />),
);
