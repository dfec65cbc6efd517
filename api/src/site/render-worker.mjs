/**
 * A render worker thread (see renderPool.ts): starts the live releases'
 * renderer (renderer-host.mjs), then renders the pages the main thread asks
 * for. The API is read through the main thread, in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startRenderer } from './renderer-host.mjs';

const answers = new Map();
let nextCall = 0;

const readApi = (path) =>
  new Promise((resolve) => {
    const id = ++nextCall;
    answers.set(id, resolve);
    parentPort.postMessage({ type: 'api', id, path });
  });

const log = (level, message) => parentPort.postMessage({ type: 'log', level, message });

let renderer = null;
parentPort.on('message', (message) => {
  if (message.type === 'api') {
    answers.get(message.id)?.(message.answer);
    answers.delete(message.id);
  } else if (message.type === 'render') {
    renderer.renderPage(message.request).then(
      (page) => parentPort.postMessage({ type: 'rendered', id: message.id, page }),
      (error) => parentPort.postMessage({ type: 'rendered', id: message.id, page: null, error: error?.message ?? String(error) }),
    );
  }
});

try {
  renderer = await startRenderer({ ...workerData, readApi, log });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: error?.message ?? String(error) });
}
