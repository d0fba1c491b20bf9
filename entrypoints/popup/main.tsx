import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { Popup } from '@/components/popup/Popup';
import '@/components/theme.css';
import '@/components/popup/popup.css';

document.documentElement.lang = browser.i18n.getUILanguage();
createRoot(document.getElementById('root')!).render(<Popup />);
