import { createRoot } from 'react-dom/client';
import app from '../app.json';
import Routes from './routes';
import { StandaloneApp } from '@ministry/shared/app';

// The remote on its own dev server (`npm run dev -- <remote>`), its pages linked from its manifest.
createRoot(document.getElementById('root')!).render(<StandaloneApp app={app} Routes={Routes} />);
