/**
 * Browsers that know no popovers (Safari before 17, Firefox before 125) get
 * the popover polyfill, loaded only there: the drawer then opens, closes and
 * hides as in the others.
 */
export function supportPopovers(): Promise<void> {
  if (typeof HTMLElement === 'undefined' || 'popover' in HTMLElement.prototype) return Promise.resolve();
  return import('@oddbird/popover-polyfill/fn').then(({ apply }) => apply());
}
