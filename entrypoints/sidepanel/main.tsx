import '@/components/theme.css';
import '@/components/sidepanel/sidepanel.css';
import { i18n } from '#i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { SidePanel } from '@/components/sidepanel/SidePanel';
import { ApiProvider } from '@/lib/queries/api-provider';
import { createQueryClient } from '@/lib/queries/create-query-client';
import { reportQueries } from '@/lib/queries/report-queries';
import { watchListArrivals } from '@/lib/sidepanel/paint-timing';

document.title = i18n.t('panel.title');
document.documentElement.lang = browser.i18n.getUILanguage();

const queryClient = createQueryClient();
const listKey = reportQueries.lists();
watchListArrivals(queryClient, (key) => listKey.every((part, i) => key[i] === part));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ApiProvider>
        <SidePanel />
      </ApiProvider>
    </QueryClientProvider>
  </StrictMode>,
);
