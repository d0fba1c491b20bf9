import { i18n } from '#i18n';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '@/components/theme.css';
import '@/components/options/options.css';
import { OptionsPage } from '@/components/options/OptionsPage';

document.title = i18n.t('options.title');
document.documentElement.lang = browser.i18n.getUILanguage();

createRoot(document.getElementById('root')!).render(<OptionsPage />);
