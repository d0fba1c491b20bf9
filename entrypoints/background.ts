import { defineBackground } from 'wxt/utils/define-background';
import { listenForAudits } from '@/lib/background/audits';

// Only wiring: the audit logic lives in lib/background/.
export default defineBackground(() => {
  listenForAudits();
});
