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

// jsdom lacks popovers (every browser the site supports has them): what the site's popovers use. A closed popover
// is hidden, `popovertarget` buttons show, hide or toggle theirs, Escape hides the open ones, `toggle` is fired,
// and `:popover-open` matches an open one.
if (!('popover' in HTMLElement.prototype)) {
  const OPEN = 'data-jsdom-popover-open';
  const style = document.createElement('style');
  style.textContent = `[popover]:not([${OPEN}]) { display: none; }`;
  document.head.append(style);
  const setShown = (element: HTMLElement, shown: boolean) => {
    if (element.hasAttribute(OPEN) === shown) return;
    element.toggleAttribute(OPEN, shown);
    const toggle = Object.assign(new Event('toggle'), {
      oldState: shown ? 'closed' : 'open',
      newState: shown ? 'open' : 'closed',
    });
    element.dispatchEvent(toggle);
  };
  Object.assign(HTMLElement.prototype, {
    showPopover(this: HTMLElement) {
      setShown(this, true);
    },
    hidePopover(this: HTMLElement) {
      setShown(this, false);
    },
    togglePopover(this: HTMLElement) {
      setShown(this, !this.hasAttribute(OPEN));
    },
  });
  const matches = Element.prototype.matches;
  Element.prototype.matches = function (this: Element, selectors: string) {
    return selectors === ':popover-open' ? this.hasAttribute(OPEN) : matches.call(this, selectors);
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[popovertarget]') : null;
    const target = button && document.getElementById(button.getAttribute('popovertarget') ?? '');
    if (!target) return;
    const action = button.getAttribute('popovertargetaction') ?? 'toggle';
    setShown(target, action === 'toggle' ? !target.hasAttribute(OPEN) : action === 'show');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    document.querySelectorAll<HTMLElement>(`[popover][${OPEN}]`).forEach((element) => setShown(element, false));
  });
}
