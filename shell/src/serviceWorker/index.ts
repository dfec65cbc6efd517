/**
 * The service worker, served at /sw.js (scope /) from the shell release the
 * visitor's page uses, and built with the shell (config/webpack.base.cjs).
 * Each part installs its own listeners on the worker's global scope: the
 * offline Sunday kit here; a further part (notifications) is one import and
 * one call beside it.
 */
import { installOfflineKit } from './offlineKit';

declare const self: ServiceWorkerGlobalScope;

installOfflineKit(self);
