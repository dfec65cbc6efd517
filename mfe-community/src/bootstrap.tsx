import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@ministry/shared/ui';
import CommunityRoutes from './routes';

createRoot(document.getElementById('root')!).render(
  <StandaloneApp name="Community" Routes={CommunityRoutes} links={[['/community', 'Community']]} />,
);
