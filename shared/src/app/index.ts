/**
 * The parts of an app with state of their own, one copy on the page (and in
 * the server renderer): the data a server-rendered page carries and its
 * loads (`useResource`), the providers every app renders (store, theme,
 * toasts) and a remote's standalone frame.
 */
export * from './prerender';
export * from './useResource';
export * from './AppProviders';
export * from './StandaloneApp';
export { loadToasts } from './Toasts';
export { TimeAgo } from './TimeAgo';
