import { act, renderHook, waitFor } from '@testing-library/react';
import { useEditableResource } from './useEditableResource';

/** A load the test answers when it chooses. */
function controlledLoads() {
  const pending: ((value: string[]) => void)[] = [];
  const load = () => new Promise<string[]>((resolve) => pending.push(resolve));
  return { load, pending };
}

describe('useEditableResource', () => {
  it('keeps a change made while the list was loading: it loads again, and the older answer is dropped', async () => {
    const { load, pending } = controlledLoads();
    const { result } = renderHook(() => useEditableResource(load, 'wall'));
    await waitFor(() => expect(pending).toHaveLength(1));

    // A member posts before the wall has loaded.
    act(() => result.current.update((list) => ['my prayer', ...(list ?? [])]));
    expect(result.current.data).toEqual(['my prayer']);
    await waitFor(() => expect(pending).toHaveLength(2));

    // The answer asked for before the post arrives late: it does not replace the post.
    act(() => pending[0]!(['older prayer']));
    expect(result.current.data).toEqual(['my prayer']);

    // The answer asked for after the post holds it.
    act(() => pending[1]!(['my prayer', 'older prayer']));
    await waitFor(() => expect(result.current.data).toEqual(['my prayer', 'older prayer']));
  });

  it('changes a loaded list in place, without loading it again', async () => {
    const { load, pending } = controlledLoads();
    const { result } = renderHook(() => useEditableResource(load, 'stories'));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!(['a story']));
    await waitFor(() => expect(result.current.data).toEqual(['a story']));

    act(() => result.current.update((list) => ['new story', ...(list ?? [])]));
    expect(result.current.data).toEqual(['new story', 'a story']);
    expect(pending).toHaveLength(1);
  });
});
