import { useState } from 'react';
import { type Resource, useResource } from '@ministry/shared/app';

/**
 * A loaded list the page can change in place (a new post, a like, a comment)
 * without loading it again. A fresh load replaces the local changes.
 *
 * A change made while a load is still on its way (a member who posts before
 * the wall has loaded) loads again: the answer on its way was asked for
 * before the change, and would otherwise replace it.
 */
export function useEditableResource<T>(
  load: () => Promise<T>,
  key: unknown = null,
): Resource<T> & { update: (change: (data: T | undefined) => T) => void } {
  const resource = useResource(load, key);
  const [loaded, setLoaded] = useState<T | undefined>(resource.data);
  const [local, setLocal] = useState<T | undefined>(resource.data);
  if (resource.data !== loaded) {
    // A new answer from the server: it wins over local changes.
    setLoaded(resource.data);
    setLocal(resource.data);
  }
  const update = (change: (data: T | undefined) => T) => {
    setLocal((current) => change(current));
    if (resource.loading) resource.reload();
  };
  return { ...resource, data: local, update };
}
