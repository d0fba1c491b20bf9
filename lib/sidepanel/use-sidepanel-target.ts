import { useEffect, useRef } from 'react';
import { sidepanelTarget } from '@/lib/storage';

/**
 * The popup asks the panel to open a report by writing `sidepanelTarget` ({ reportId, at }).
 * The panel opens it when it starts (the popup may write just before opening the panel) and
 * whenever it changes, then clears it so reopening the panel later starts at the list.
 */
export function useSidepanelTarget(open: (reportId: number) => void): void {
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    let lastAt: number | null = null;
    const handle = (target: { reportId: number; at: number } | null) => {
      if (!target || target.at === lastAt) return;
      lastAt = target.at;
      openRef.current(Number(target.reportId));
      void sidepanelTarget.setValue(null);
    };
    void sidepanelTarget.getValue().then(handle);
    return sidepanelTarget.watch(handle);
  }, []);
}
