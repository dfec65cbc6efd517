/**
 * The part of react-router-dom the apps use, and nothing else. Webpack aliases
 * `react-router-dom` here (webpack.base.cjs), so the shared singleton chunk
 * holds these exports only: a module shared through module federation is
 * never tree-shaken, and the whole of react-router 7 is ~60 KB gzip against
 * ~14 KB for this. An app that needs another export adds it here: until
 * then its build fails with "export 'X' was not found in 'react-router-dom'"
 * (webpack.base.cjs makes a missing export an error). Every app provides
 * this singleton and the page takes one app's copy: an export added here is
 * safe to use once every app is built with it (`npm run build`). A release
 * of one app alone that uses it may get an older copy, fail to render, and
 * be refused by its release check. Tests (jest) import the real package,
 * untouched.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  UNSAFE_NavigationContext,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
