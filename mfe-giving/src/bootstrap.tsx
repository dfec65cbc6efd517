import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@ministry/shared/ui';
import GivingRoutes from './routes';

createRoot(document.getElementById('root')!).render(
  <StandaloneApp name="Giving" Routes={GivingRoutes} links={[['/events', 'Events'], ['/offering', 'Offering'], ['/booking', 'Booking']]} />,
);
