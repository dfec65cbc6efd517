import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@ministry/shared/ui';
import AccountRoutes from './routes';

createRoot(document.getElementById('root')!).render(
  <StandaloneApp name="Account" Routes={AccountRoutes} links={[['/login', 'Login']]} />,
);
