import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// jsdom lacks these; the apps use them.
window.scrollTo = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Navigations run as React transitions, which a busy CI machine may take
// more than the default second to finish: wait up to 5 s for what a test
// expects to appear (a test that passes still passes as soon as it does).
configure({ asyncUtilTimeout: 5000 });
