import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { dismissInstall, forgetOffer, installDismissed, installOffer, subscribeInstallOffer } from './installPrompt';

const InstallBar = lazy(() => import('./InstallBar').then((m) => ({ default: m.InstallBar })));

const noOffer = () => null;

/**
 * "Install the app": shown only when the browser offers to install the site,
 * until the visitor closes it or answers the browser's dialog, then never
 * again on this browser. Its bar's code is loaded only then.
 */
export function InstallSuggestion() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, noOffer);
  const [dismissed, setDismissed] = useState(installDismissed);
  if (!offer || dismissed) return null;

  const close = () => {
    dismissInstall();
    setDismissed(true);
  };
  const install = async () => {
    close();
    forgetOffer();
    await offer.prompt();
  };

  return (
    <Suspense fallback={null}>
      <InstallBar install={install} close={close} />
    </Suspense>
  );
}
