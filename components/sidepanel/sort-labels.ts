import { i18n } from '#i18n';
import type { SortDir } from '@/lib/api/schemas';

export type SortKind = 'date' | 'text' | 'number';

/** "Newest first", "A to Z", "Highest first": the direction in the words of the sort key. */
export function directionLabel(kind: SortKind, dir: SortDir): string {
  switch (kind) {
    case 'date':
      return dir === 'desc' ? i18n.t('panel.sort.descDate') : i18n.t('panel.sort.ascDate');
    case 'text':
      return dir === 'desc' ? i18n.t('panel.sort.descText') : i18n.t('panel.sort.ascText');
    default:
      return dir === 'desc' ? i18n.t('panel.sort.descNumber') : i18n.t('panel.sort.ascNumber');
  }
}
