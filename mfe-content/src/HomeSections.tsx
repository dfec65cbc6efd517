import { HomeBottom } from './features/home/HomeBottom';
import { HomeTop } from './features/home/HomeTop';

/** What the shell's home page shows from this remote, above and below the latest stories. */
export default function HomeSections({ part = 'top' }: { part?: 'top' | 'bottom' }) {
  return part === 'top' ? <HomeTop /> : <HomeBottom />;
}
