import { i18n } from '#i18n';
import { useState } from 'react';
import type { Page } from '@/lib/api/schemas';

interface PagerProps {
  /** The page on screen (may be the previous one while the next loads). */
  data: Pick<Page<unknown>, 'page' | 'from' | 'to' | 'total' | 'lastPage' | 'hasNext'>;
  /** The page asked for. */
  page: number;
  onPage: (page: number) => void;
  /** What the list holds, for the accessible name: "Reports pages". */
  label: string;
}

/** "21–30 of 143", Previous / Next and a page number field. */
export function Pager({ data, page, onPage, label }: PagerProps) {
  const { from, to, total, lastPage } = data;
  const range =
    from != null && to != null
      ? total != null
        ? i18n.t('panel.pager.rangeOf', [from, to, total])
        : i18n.t('panel.pager.range', [from, to])
      : null;
  const hasNext = lastPage != null ? page < lastPage : data.hasNext;
  return (
    <nav className="sp-pager" aria-label={label}>
      <span className="sp-pager-range" aria-live="polite">
        {range}
      </span>
      <div className="row">
        <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          {i18n.t('panel.pager.previous')}
        </button>
        <PageField key={page} page={page} lastPage={lastPage} onPage={onPage} />
        <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext}>
          {i18n.t('panel.pager.next')}
        </button>
      </div>
    </nav>
  );
}

/** A page number to type; applied on Enter or when it loses focus. */
function PageField(props: {
  page: number;
  lastPage: number | null;
  onPage: (page: number) => void;
}) {
  const { page, lastPage, onPage } = props;
  const [text, setText] = useState(String(page));
  function apply() {
    const wanted = Math.trunc(Number(text));
    if (!Number.isFinite(wanted) || wanted < 1) return setText(String(page));
    if (wanted !== page) onPage(wanted);
  }
  return (
    <span className="sp-page-field">
      <span aria-hidden="true">{i18n.t('panel.pager.page')}</span>
      <input
        aria-label={i18n.t('panel.pager.page')}
        type="number"
        inputMode="numeric"
        min={1}
        max={lastPage ?? undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      {lastPage != null && <span>{i18n.t('panel.pager.ofPages', [lastPage])}</span>}
    </span>
  );
}
