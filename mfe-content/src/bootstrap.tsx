import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@ministry/shared/ui';
import ContentRoutes from './routes';

createRoot(document.getElementById('root')!).render(
  <StandaloneApp
    name="Content"
    Routes={ContentRoutes}
    links={[
      ['/about', 'About'],
      ['/news', 'News'],
      ['/press', 'Press'],
      ['/daily-devotion', 'Daily devotion'],
      ['/daily-devotion/all', 'All devotionals'],
      ['/policies', 'Policies'],
    ]}
  />,
);
