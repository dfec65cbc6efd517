/**
 * The service worker, served at /sw.js (scope /) from the shell release the
 * visitor's page uses, and built with the shell (config/webpack.base.cjs).
 * Each part installs its own listeners on the worker's global scope: the
 * offline Sunday kit and the notifications members chose.
 */
import { installOfflineKit } from './offlineKit';
import { installPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope;

installOfflineKit(self);
installPushHandlers(self);
