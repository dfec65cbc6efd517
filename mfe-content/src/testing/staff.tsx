import { act } from '@testing-library/react';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import ContentRoutes from '../routes';

/**
 * Renders the remote's routes at a staff page's `route`, signed in as an
 * editor. The staff pages are lazy chunks: the render waits for the page's
 * module, as the browser does.
 */
export async function renderStaffPage(route: string) {
  let rendered: ReturnType<typeof renderWithProviders> | undefined;
  await act(async () => {
    rendered = renderWithProviders(<ContentRoutes />, {
      route,
      preloadedState: signedInState({ ...sampleUser, role: 'editor' }),
    });
  });
  return rendered!;
}
