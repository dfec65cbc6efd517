import { Route, Routes, useLocation } from 'react-router-dom';
import AccountRoutes from '../routes';

/** Shows where the app navigated (path and carried state), beside the account pages. */
export function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {location.pathname}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </output>
  );
}

/** The account routes plus a home page, as the shell mounts them. */
export function AccountApp() {
  return (
    <>
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="*" element={<AccountRoutes />} />
      </Routes>
      <Where />
    </>
  );
}
