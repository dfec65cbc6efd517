/**
 * The probe: a few connections asking one URL in turn, each answer timed to
 * the microsecond (autocannon counts whole milliseconds, and an API call on
 * an idle server takes less than one).
 */
import { Agent, get } from 'node:http';

/** Asks `url` on `connections` kept-alive connections for `seconds`; latencies in ms, to the microsecond. */
export async function probe(url, { connections = 10, seconds = 4 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const ask = () =>
    new Promise((resolve) => {
      const started = performance.now();
      get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      }).on('error', () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await ask();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100 : null;
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    requests: latencies.length,
    errors,
    non2xx: 0,
  };
}
