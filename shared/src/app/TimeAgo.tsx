import { formatRelative } from '../format';
import { useNow } from './prerender';

/**
 * '3 hours ago', by the clock `useNow` gives: the server's render time while
 * the browser takes over its page (the same words on both sides), then the
 * browser's, kept current.
 */
export function TimeAgo({ date }: { date: string }) {
  return <>{formatRelative(date, useNow())}</>;
}
