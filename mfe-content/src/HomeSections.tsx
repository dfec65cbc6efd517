import { HomeBottom } from './features/home/HomeBottom';
import { HomeTop } from './features/home/HomeTop';
import { LatestSermon } from './features/home/LatestSermon';

/** What the shell's home page shows from this remote, above and below the latest stories. */
export default function HomeSections({ part = 'top' }: { part?: 'top' | 'bottom' }) {
  if (part === 'top') return <HomeTop />;
  // Side by side, so each starts loading its data at once.
  return (
    <>
      <LatestSermon />
      <HomeBottom />
    </>
  );
}
