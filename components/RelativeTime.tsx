import { formatExact, formatRelative } from '@/lib/format-time';

/** "3 hours ago", with the exact date and time on hover and for assistive technology. */
export function RelativeTime({ iso, now }: { iso: string; now?: Date }) {
  const exact = formatExact(iso);
  return (
    <time dateTime={iso} title={exact} aria-label={exact}>
      {formatRelative(iso, now)}
    </time>
  );
}
