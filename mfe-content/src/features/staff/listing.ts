/** The staff lists' search box, filters and pages ("Show more"). */
import { useEffect, useState } from 'react';
import { friendlyError } from '@ministry/shared/api';
import { notify } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';

/** The search box's words, sent once the typing pauses. */
export function useSearchText(params: URLSearchParams, setParams: (p: URLSearchParams, o: { replace: boolean }) => void) {
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (text.trim()) next.set('q', text.trim());
      else next.delete('q');
      setParams(next, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q, params, setParams]);
  return [text, setText] as const;
}

/** A filter of the list kept in the address (`?state=draft`): setting it to '' removes it. */
export function useListFilter(params: URLSearchParams, setParams: (p: URLSearchParams, o: { replace: boolean }) => void) {
  return (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
}

/** Lists a page at a time: the first with the filters, then "Show more". */
export function usePagedList<T>(load: (offset: number) => Promise<{ items: T[]; total: number; next: number | null }>) {
  const first = useResource(() => load(0), load);
  const [more, setMore] = useState<{ items: T[]; next: number | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => setMore(null), [load]);
  const next = more ? more.next : (first.data?.next ?? null);
  const showMore = async () => {
    if (next === null) return;
    setLoadingMore(true);
    try {
      const page = await load(next);
      setMore((m) => ({ items: [...(m?.items ?? []), ...page.items], next: page.next }));
    } catch (error) {
      notify.error(friendlyError(error, 'The next page could not be loaded. Please try again.'));
    } finally {
      setLoadingMore(false);
    }
  };
  return { first, items: [...(first.data?.items ?? []), ...(more?.items ?? [])], next, showMore, loadingMore };
}
