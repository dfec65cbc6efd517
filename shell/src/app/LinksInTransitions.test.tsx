import { Suspense, use } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { LinksInTransitions } from './LinksInTransitions';

/** A page still waiting for its data: it suspends until the test's promise settles (never, here). */
const waiting = new Promise<never>(() => {});
function WaitingPage(): never {
  return use(waiting);
}

function GoButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/next')}>
      Go
    </button>
  );
}

function Site() {
  return (
    <MemoryRouter useTransitions={false}>
      <LinksInTransitions>
        <Link to="/next">Next page</Link>
        <GoButton />
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            <Route path="/" element={<p>First page</p>} />
            <Route path="/next" element={<WaitingPage />} />
          </Routes>
        </Suspense>
      </LinksInTransitions>
    </MemoryRouter>
  );
}

describe('LinksInTransitions', () => {
  it("renders a link's page in a transition: the page on screen stays while the next one waits", async () => {
    render(<Site />);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next page' })));
    expect(screen.getByText('First page')).toBeVisible();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it("keeps the site's own navigations synchronous: the next page's loading state shows at once", async () => {
    render(<Site />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByText('First page')).not.toBeVisible();
  });
});
