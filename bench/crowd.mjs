/**
 * The crowd: loads some URLs at once from its own process, for the
 * api-under-load part (load.mjs). A crowd's browsers are not on the server's
 * machine; here they share its two cores, so they run in their own process
 * at the lowest CPU priority: what the probe measures is then the server
 * making API calls wait, not the load generator taking the CPU (or the
 * probe's own event loop, busy reading pages, delaying its answers).
 *
 *   node bench/crowd.mjs '{"urls":["http://…/"],"connections":12,"seconds":4}'
 * prints {"<url>": <autocannon result>, …} on its last line.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { load } from './load.mjs';

/** Runs the crowd in a child process at the lowest priority; resolves with each URL's autocannon result. */
export function crowd({ urls, connections, seconds, headers }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), JSON.stringify({ urls, connections, seconds, headers })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      setPriority(child.pid, 19);
    } catch {
      // not allowed here: it runs at the same priority
    }
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop();
      if (code === 0 && last) resolve(JSON.parse(last));
      else reject(new Error(`the crowd exited with ${code}`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { urls, connections, seconds, headers } = JSON.parse(process.argv[2]);
  const results = await Promise.all(urls.map((url) => load(url, { seconds, connections, headers })));
  console.log(JSON.stringify(Object.fromEntries(urls.map((url, i) => [url, results[i]]))));
}
