import { useState } from 'react';
import { useResource, type Resource } from '@ministry/shared/ui';

/**
 * A loaded list the page can change in place (a new post, a like, a comment)
 * without loading it again. A fresh load replaces the local changes.
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
  return { ...resource, data: local, update: (change) => setLocal((current) => change(current)) };
}
