import { catchInstallPrompt } from './features/install/installPrompt';

// The browser may offer to install the site before the app has started: kept for the install suggestion.
catchInstallPrompt();

// Async boundary: lets Module Federation negotiate shared modules first.
// A page the server rendered is already on screen: its scripts start after
// the browser has painted it, so they never hold its first paint back. A
// page without content (members' pages, the account forms) needs them at once.
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200); // a tab in the background paints nothing
}

if (document.getElementById('ministry-prerendered')) afterFirstPaint(() => void import('./bootstrap'));
else void import('./bootstrap');
