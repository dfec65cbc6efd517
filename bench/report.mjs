/** Renders the bench results (latest.json) as the Markdown report (latest.md). */
import { kib, mib } from './lib.mjs';

const GIB = 1024 ** 3;
const yes = (met) => (met === null || met === undefined ? '–' : met ? 'yes' : '**no**');
const pct = (ratio) => (ratio == null ? '–' : `${(ratio * 100).toFixed(0)}%`);
const ms = (v) => (v == null ? '–' : `${v} ms`);
const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s) => '`' + String(s).replace(/`/g, "'") + '`';

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  );
}

function apiSection(api) {
  const out = ['## API throughput', ''];
  if (api.error) return [...out, `Not measured: ${api.error}`].join('\n');
  out.push(
    `autocannon, ${api.connections} connections, ${api.seconds} s per measurement after a ${api.warmupSeconds} s warm-up; the API (production server, LOG_LEVEL=warn) and a bare node:http server answering the same bytes are loaded ${api.rounds ? `in turns (${api.rounds} rounds each, so a drift of the machine's speed touches both alike; req/s over all rounds, latencies from the median round)` : 'one after the other'}, in this run, on this machine (the load generator shares the 2 cores). Target: the API at ${pct(api.ratioTarget)} or more of bare node:http.`,
    '',
  );
  const why = [];
  for (const [db, label] of [
    ['pglite', 'PGlite (embedded, default)'],
    ['postgres', 'PostgreSQL 127.0.0.1:5432 (throwaway database)'],
  ]) {
    const result = api.databases?.[db];
    out.push(`### ${label}`, '');
    if (!result) continue;
    if (result.skipped) {
      out.push(`Skipped: ${result.skipped}`, '');
      continue;
    }
    if (result.error) {
      out.push(`Failed: ${esc(result.error.split('\n')[0])}`, '');
      continue;
    }
    const rows = [];
    for (const [endpoint, r] of Object.entries(result.endpoints)) {
      rows.push([
        `GET ${endpoint}`,
        kib(r.bodyBytes),
        String(r.api.requestsPerSecond),
        ms(r.api.latencyP50Ms),
        ms(r.api.latencyP99Ms),
        String(r.bare.requestsPerSecond),
        `${ms(r.bare.latencyP50Ms)} / ${ms(r.bare.latencyP99Ms)}`,
        pct(r.ratio),
        '≥ 60%',
        yes(r.met),
      ]);
      if (r.api.non2xx || r.api.errors || r.api.timeouts)
        rows.at(-1)[0] += ` (non-2xx ${r.api.non2xx}, errors ${r.api.errors}, timeouts ${r.api.timeouts})`;
    }
    for (const [endpoint, r] of Object.entries(result.references ?? {})) {
      const note = endpoint === '/config.json' ? 'reference: no database' : 'reference: SELECT 1';
      rows.push([
        `GET ${endpoint} (${note})`,
        kib(r.bodyBytes),
        String(r.api.requestsPerSecond),
        ms(r.api.latencyP50Ms),
        ms(r.api.latencyP99Ms),
        String(r.bare.requestsPerSecond),
        `${ms(r.bare.latencyP50Ms)} / ${ms(r.bare.latencyP99Ms)}`,
        pct(r.ratio),
        '',
        '',
      ]);
    }
    out.push(
      table(
        ['request', 'body', 'API req/s', 'API p50', 'API p99', 'bare req/s', 'bare p50 / p99', 'API / bare', 'target', 'met'],
        rows,
      ),
      '',
    );
    out.push(
      `Server: ready in ${result.serverStartSeconds?.toFixed(1)} s, ${mib(result.serverRssAfterStart)} resident after start, peak ${mib(result.serverPeakRss)}.`,
      '',
    );

    const missed = Object.entries(result.endpoints).filter(([, r]) => !r.met);
    if (missed.length) {
      const health = result.references?.['/api/health'];
      const config = api.databases.pglite?.references?.['/config.json'];
      const parts = [];
      if (config) parts.push(`Fastify with no database work (/config.json) reaches ${pct(config.ratio)} of bare`);
      if (health)
        parts.push(
          `one \`SELECT 1\` per request (/api/health) caps the API at ${health.api.requestsPerSecond} req/s (${pct(health.ratio)} of bare)`,
        );
      // A list no faster than one trivial query waits on the database; one
      // faster than that is served from memory and meets the HTTP layer's cost.
      const dbBound = missed.filter(([, r]) => health && r.api.requestsPerSecond <= health.api.requestsPerSecond * 1.2);
      const httpBound = missed.filter((m) => !dbBound.includes(m));
      const list = (items) => items.map(([e, r]) => `${e} ${r.api.requestsPerSecond} req/s, ${pct(r.ratio)}`).join('; ');
      const where =
        db === 'pglite'
          ? 'PGlite runs one query at a time in the server process'
          : 'a pool of 10 connections to a server on the same 2 cores';
      if (dbBound.length)
        why.push(
          `- ${label}: ${parts.join('; ')}. ${list(dbBound)}: no faster than one trivial query, so the database round trip on every request (${where}) holds it back, not the HTTP layer; reaching 60% needs the answer served without a query per request (a short-lived in-process cache of the serialized list).`,
        );
      if (httpBound.length)
        why.push(
          `- ${label}: ${parts.join('; ')}. ${list(httpBound)}: faster than one trivial query, so not waiting on the database per request; what is left is the API process's own work per request (routing, hooks, cache lookup, headers, the bigger the body the more copying), for reference /config.json (answered from memory, no database) is at ${config ? pct(config.ratio) : '?'} of bare.`,
        );
    }
  }
  if (why.length) out.push('**What holds it back (measured):**', '', ...why, '');
  return out.join('\n');
}

function memorySection(results) {
  const out = ['## Memory', ''];
  const rows = [];
  const api = results.api;
  for (const [db, label] of [
    ['pglite', 'server on PGlite, under the API load'],
    ['postgres', 'server on PostgreSQL, under the API load'],
  ]) {
    const r = api?.databases?.[db];
    if (r?.serverPeakRss) rows.push([label, mib(r.serverPeakRss), '< 1 GiB', yes(r.serverPeakRss < GIB)]);
  }
  if (results.web?.serverPeakRss)
    rows.push([
      'server on PGlite, serving the Lighthouse and JS runs',
      mib(results.web.serverPeakRss),
      '< 1 GiB',
      yes(results.web.serverPeakRss < GIB),
    ]);
  const rel = results.releases;
  if (rel && !rel.error)
    rows.push([
      `server across ${rel.releases} releases of mfe-giving (growth from ${mib(rel.startRss)}; highest ${mib(rel.highestRss)})`,
      `+${mib(rel.growth)}`,
      `< +${mib(rel.targetGrowth)}`,
      yes(rel.growth < rel.targetGrowth && rel.renderedEachRelease),
    ]);
  if (!rows.length) return [...out, 'Not measured in this run.'].join('\n');
  if (rel && !rel.error)
    out.push(
      `Across releases: the server rendered /events with each of ${rel.releases} releases of mfe-giving in turn (${rel.renderedEachRelease ? 'every one seen in the HTML' : '**not every one was seen in the HTML**'}); each set of releases gets fresh render workers and the former ones stop once idle, so no former release's code stays loaded.`,
      '',
    );
  out.push(
    'Peak resident set (VmHWM) of the server process (`node api/dist/server.js`: API, site and, by default, the embedded database).',
    '',
  );
  out.push(table(['process', 'peak RSS', 'target', 'met'], rows), '');
  if (api?.pgliteAloneRss) {
    out.push(`PGlite alone (a fresh database opened in a bare node process): ${mib(api.pgliteAloneRss)} resident.`, '');
  }
  if (rows.some((r) => r[3] !== 'yes') && api?.pgliteAloneRss) {
    out.push(
      `**What holds it back (measured):** the embedded database: PGlite's WebAssembly Postgres takes ${mib(api.pgliteAloneRss)} by itself (see above), most of the server's peak; on PostgreSQL the same server peaks at ${mib(api.databases?.postgres?.serverPeakRss)}.`,
      '',
    );
  }
  return out.join('\n');
}

function lighthouseSection(lh, title = 'Lighthouse') {
  const out = [`## ${title}`, ''];
  if (!lh || lh.error) return [...out, `Not measured: ${lh?.error ?? 'skipped'}`].join('\n');
  const targets = lh.targets;
  out.push(
    `Lighthouse ${Object.values(lh.pages).find((p) => p.lighthouseVersion)?.lighthouseVersion ?? '12'} in Chromium (${Object.values(lh.pages).find((p) => p.userAgent)?.userAgent ?? 'headless'}), ${lh.formFactor}, median of ${lh.runs} run${lh.runs > 1 ? 's' : ''} per page. Targets: performance ≥ ${targets.performance}, accessibility, best practices and SEO ${targets.accessibility}.`,
    '',
  );
  const indexes = Object.values(lh.pages)
    .map((p) => p.benchmarkIndex)
    .filter((n) => typeof n === 'number');
  if (indexes.length) {
    out.push(
      `Lighthouse's CPU benchmark index of this machine: ${Math.min(...indexes)}–${Math.max(...indexes)}. The simulation slows every task it observed 4×, whatever the machine, so on a slow one the blocking time (TBT) grows; at 1000 or below Lighthouse itself warns that the slower CPU can lower the performance score.`,
      '',
    );
  }
  const rows = [];
  for (const [page, r] of Object.entries(lh.pages)) {
    if (r.error) {
      rows.push([code(page), `failed: ${esc(r.error.split('\n')[0])}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    const score = (c) => (r.scores[c] == null ? '–' : `${r.scores[c]}${r.met[c] ? '' : ' ✗'}`);
    const metric = (id) => r.metrics[id]?.display ?? '–';
    rows.push([
      code(page),
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      metric('first-contentful-paint'),
      metric('largest-contentful-paint'),
      metric('total-blocking-time'),
      metric('cumulative-layout-shift'),
      yes(Object.values(r.met).every(Boolean)),
    ]);
  }
  out.push(
    table(['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'all met'], rows),
    '',
  );
  if (lh.runs > 1) {
    out.push(
      'Runs (perf / a11y / bp / seo): ' +
        Object.entries(lh.pages)
          .filter(([, r]) => r.runs)
          .map(
            ([page, r]) =>
              `${code(page)} ${r.runs.map((s) => `${s.performance}/${s.accessibility}/${s['best-practices']}/${s.seo}`).join(', ')}`,
          )
          .join('; '),
      '',
    );
  }
  const failing = Object.entries(lh.pages).filter(([, r]) => r.failing && Object.keys(r.failing).length);
  if (failing.length) {
    out.push('**What holds it back (the audits that fail, with the elements they name):**', '');
    for (const [page, r] of failing) {
      for (const [category, audits] of Object.entries(r.failing)) {
        out.push(`- ${code(page)} ${category} ${r.scores[category]}:`);
        for (const a of audits) {
          const runs = lh.runs > 1 ? `, failed in ${a.failedRuns}/${lh.runs} runs` : '';
          out.push(`  - ${esc(a.title)}${a.displayValue ? ` (${esc(a.displayValue)})` : ''} [${a.id}, score ${a.score}${runs}]`);
          for (const item of a.items ?? []) out.push(`    - ${code(item)}`);
        }
      }
    }
    out.push('');
  }
  return out.join('\n');
}

function jsSection(js) {
  const out = ['## Home page JavaScript', ''];
  if (!js || js.error) return [...out, `Not measured: ${js?.error ?? 'skipped'}`].join('\n');
  out.push(
    `JavaScript responses of a cold load of \`/\` in Chromium (playwright-core), until the network is idle; "gzip" is each file gzipped at level 9 (the target's measure), "transferred" what went over the wire (the server sends brotli when asked). Target: under ${kib(js.targetBytes)} gzip in total.`,
    '',
  );
  for (const [label, m] of [
    ['Desktop 1366×900', js.desktop],
    ['Mobile 390×844', js.mobile],
  ]) {
    if (!m) continue;
    out.push(`### ${label} (network idle after ${(m.networkIdleMs / 1000).toFixed(1)} s)`, '');
    const rows = Object.entries(m.apps)
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .map(([app, a]) => [app, String(a.files), kib(a.raw), kib(a.gzip), kib(a.transferred), '', '']);
    rows.push([
      '**total**',
      String(m.total.files),
      kib(m.total.raw),
      `**${kib(m.total.gzip)}**`,
      kib(m.total.transferred),
      `< ${kib(js.targetBytes)}`,
      yes(m.total.gzip < js.targetBytes),
    ]);
    out.push(table(['app', 'files', 'raw', 'gzip', 'transferred', 'target', 'met'], rows), '');
  }
  if (js.pages) {
    out.push(
      '### Every page (mobile 390×844, cold load until the network is idle)',
      '',
      table(
        ['page', 'files', 'gzip', 'by app (gzip)'],
        Object.entries(js.pages).map(([page, p]) =>
          p.error
            ? [code(page), '–', `not measured: ${esc(p.error)}`, '']
            : [
                code(page),
                String(p.files),
                kib(p.gzipBytes),
                Object.entries(p.apps)
                  .sort((a, b) => b[1].gzip - a[1].gzip)
                  .map(([app, a]) => `${app} ${kib(a.gzip)}`)
                  .join(', '),
              ],
        ),
      ),
      '',
    );
  }
  const largest = (js.mobile ?? js.desktop).largest;
  out.push(
    js.met ? 'Largest files:' : '**What holds it back (measured): the largest files**',
    '',
    table(
      ['app', 'file', 'gzip', 'raw', 'contents'],
      largest.map((f) => [f.app, code(f.file), kib(f.gzip), kib(f.raw), esc(f.contents.join(', ') || 'app code')]),
    ),
    '',
  );
  return out.join('\n');
}

function buildSection(build) {
  const out = ['## Build', ''];
  if (!build || build.error) return [...out, `Not measured: ${build?.error ?? 'skipped'}`].join('\n');
  out.push(
    table(
      ['figure', 'value'],
      [
        ['command', code(build.command)],
        ['wall time', `**${build.seconds.toFixed(1)} s**${build.ok ? '' : ' (the build FAILED)'}`],
        ...Object.entries(build.apps).map(([app, s]) => [`${app} (webpack, two apps at a time)`, `${s.toFixed(1)} s`]),
        ...(build.failed?.length ? [['failed apps', build.failed.join(', ')]] : []),
      ],
    ),
    '',
    'No target is set for the build time; it is reported to watch it.',
    '',
  );
  if (!build.ok && build.output) out.push('```', build.output.slice(-1500), '```', '');
  return out.join('\n');
}

function summary(results) {
  const rows = [];
  const api = results.api;
  for (const [db, label] of [
    ['pglite', 'PGlite'],
    ['postgres', 'PostgreSQL'],
  ]) {
    const r = api?.databases?.[db];
    if (!r?.endpoints) continue;
    for (const [endpoint, e] of Object.entries(r.endpoints))
      rows.push([
        `API ${endpoint} on ${label}, API / bare node:http`,
        `${pct(e.ratio)} (${e.api.requestsPerSecond} vs ${e.bare.requestsPerSecond} req/s, p99 ${e.api.latencyP99Ms} ms)`,
        '≥ 60%',
        yes(e.met),
      ]);
  }
  const peaks = [
    api?.databases?.pglite?.serverPeakRss,
    api?.databases?.postgres?.serverPeakRss,
    results.web?.serverPeakRss,
  ].filter(Boolean);
  if (peaks.length) rows.push(['Server peak RSS', mib(Math.max(...peaks)), '< 1 GiB', yes(Math.max(...peaks) < GIB)]);
  if (results.releases && !results.releases.error)
    rows.push([
      `Server memory after ${results.releases.releases} releases of one remote`,
      `+${mib(results.releases.growth)}`,
      '< +100 MiB',
      yes(results.releases.growth < results.releases.targetGrowth),
    ]);
  for (const [page, r] of Object.entries(results.web?.lighthouse?.pages ?? {})) {
    if (r.error) rows.push([`Lighthouse ${page}`, 'failed', '', '**no**']);
    else
      rows.push([
        `Lighthouse ${code(page)} perf / a11y / bp / SEO`,
        `${r.scores.performance} / ${r.scores.accessibility} / ${r.scores['best-practices']} / ${r.scores.seo}`,
        '≥ 95 / 100 / 100 / 100',
        yes(Object.values(r.met).every(Boolean)),
      ]);
  }
  const js = results.web?.homeJs;
  if (js && !js.error) rows.push(['Home page JavaScript (gzip)', kib(js.gzipBytes), `< ${kib(js.targetBytes)}`, yes(js.met)]);
  for (const [page, r] of Object.entries(results['low-end']?.pages ?? {}))
    if (!r.error)
      rows.push([
        `Lighthouse ${code(page)} performance, CPU ${results['low-end'].cpuSlowdownMultiplier}×`,
        String(r.scores.performance),
        `≥ ${results['low-end'].targets.performance}`,
        yes(r.met.performance),
      ]);
  for (const [name, r] of Object.entries(results.inp?.interactions ?? {}))
    rows.push([
      `INP, ${esc(name)} (CPU ${results.inp.cpuSlowdownMultiplier}×)`,
      r.inpMs === null ? 'not measured' : `${r.inpMs} ms`,
      `≤ ${results.inp.target} ms`,
      yes(r.met),
    ]);
  if (results.build && !results.build.error)
    rows.push([
      'Full production build',
      `${results.build.seconds.toFixed(1)} s${results.build.ok ? '' : ' (failed)'}`,
      '–',
      results.build.ok ? '–' : '**no**',
    ]);
  for (const setup of Object.values(results.pages?.setups ?? {}))
    for (const [page, r] of Object.entries(setup.pages ?? {}))
      rows.push(
        r.bare
          ? [
              `Page ${code(page)} (${setup.label}) / bare node:http`,
              `${pct(r.ratio)} (${r.page.requestsPerSecond} vs ${r.bare.requestsPerSecond} req/s, p99 ${r.page.latencyP99Ms} ms)`,
              '≥ 80%, p99 < 50 ms',
              yes(r.met),
            ]
          : [
              `Page ${code(page)} (${setup.label}) / static file`,
              `${pct(r.ratio)} (${r.page.requestsPerSecond} vs ${r.static.requestsPerSecond} req/s, p99 ${r.page.latencyP99Ms} ms)`,
              '≥ 80%',
              yes(r.met),
            ],
      );
  const ul = results['api-under-load'];
  if (ul && !ul.error)
    rows.push([
      '`GET /api/events` p99 under page load / alone',
      `${ul.factor?.toFixed(1)}× (${ul.underLoad.latencyP99Ms} vs ${ul.alone.latencyP99Ms} ms)`,
      '≤ 2×',
      yes(ul.met),
    ]);
  for (const [db, r] of Object.entries(results.rush?.databases ?? {}))
    if (r && r.kinds)
      rows.push([
        `Sunday rush on ${db === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${r.members} members, ${r.seconds.toFixed(0)} s)`,
        `${r.errors} errors, ${r.lostWrites} lost writes`,
        '0, 0',
        yes(r.errors === 0 && r.lostWrites === 0),
      ]);
  const ar = results.archive;
  if (ar && !ar.error)
    for (const p of ['/', '/daily-devotion'])
      rows.push([
        `${code(p)} with the archive / sample content`,
        `${kib(ar.archive[p].bytes)} vs ${kib(ar.sample[p].bytes)}`,
        '≤ +10%',
        yes(ar.growth[p] !== null && ar.growth[p] <= ar.target),
      ]);
  const cal = results.lighthouse;
  if (cal && !cal.error)
    for (const [page, r] of Object.entries(cal.pages))
      rows.push([
        `Lighthouse ${code(page)} performance, CPU ${cal.cpuSlowdownMultiplier}× (index ${cal.benchmarkIndex})`,
        r.error ? 'failed' : `${r.scores.performance} (TBT ${r.metrics['total-blocking-time']?.display ?? '–'})`,
        `≥ ${cal.performanceTarget}`,
        r.error ? '**no**' : yes(r.scores.performance >= cal.performanceTarget),
      ]);
  const ph = results.photos;
  if (ph && !ph.error)
    for (const phone of ph.phones)
      rows.push([
        `Image bytes of \`/\` with large photos, phone ${phone.label}`,
        `${kib(phone.onLoadBytes)} on load, ${kib(phone.scrolledBytes)} scrolled`,
        '–',
        '–',
      ]);
  for (const [label, r] of Object.entries(results.media?.ranges ?? {}))
    rows.push([
      `Sermon audio, ${label} (${r.range}), upload / static file`,
      `${pct(r.ratio)} (${r.upload.requestsPerSecond} vs ${r.static.requestsPerSecond} req/s, p99 ${r.upload.latencyP99Ms} ms)`,
      `≥ ${pct(results.media.ratioTarget)}`,
      yes(r.met),
    ]);
  return table(['figure', 'measured', 'target', 'met'], rows);
}

export function renderMarkdown(results) {
  const env = results.environment;
  const carried = Object.entries(results.carriedOver ?? {}).map(([section, at]) => `${section} (from the run at ${at})`);
  return [
    '# Benchmarks',
    '',
    `Run ${results.startedAt} for ${(results.seconds / 60).toFixed(1)} min with \`npm run bench${results.args.length ? ' -- ' + results.args.join(' ') : ''}\`. Machine: ${env.cpus} × ${env.cpuModel}, ${(env.memoryBytes / GIB).toFixed(0)} GiB, Node ${env.node}, ${env.chromium ?? 'no Chromium'}, load average ${env.loadAverage.map((l) => l.toFixed(2)).join(' ')} at the start${
      env.peakLoadAverage
        ? ` and at most ${env.peakLoadAverage.toFixed(2)} during the run (the bench itself keeps about 2 busy)`
        : ''
    }${env.otherWebpackProcesses ? `, **${env.otherWebpackProcesses} other webpack processes were running (figures noisier)**` : ''}.`,
    carried.length ? `\nCarried over from an earlier run (not measured this time): ${carried.join(', ')}.\n` : null,
    '',
    '## Summary',
    '',
    summary(results),
    '',
    results.api ? apiSection(results.api) : null,
    memorySection(results),
    lighthouseSection(results.web?.lighthouse),
    jsSection(results.web?.homeJs),
    results.build ? buildSection(results.build) : null,
    results.pages ? pagesSection(results.pages) : null,
    results['api-under-load'] ? apiUnderLoadSection(results['api-under-load']) : null,
    results.rush ? rushSection(results.rush) : null,
    results.archive ? archiveSection(results.archive) : null,
    results.lighthouse ? calibratedLighthouseSection(results.lighthouse, results.web?.lighthouse) : null,
    results['low-end'] ? lighthouseSection(results['low-end'], 'Lighthouse on a low-end phone (CPU slowed 12×)') : null,
    results.inp ? inpSection(results.inp) : null,
    results.photos ? photosSection(results.photos) : null,
    results.media ? mediaSection(results.media) : null,
  ]
    .filter((s) => s !== null)
    .join('\n');
}

const num = (v) => (v == null ? '–' : String(v));

function inpSection(inp) {
  const out = ['## Interaction to Next Paint', ''];
  if (!inp || inp.error) return [...out, `Not measured: ${inp?.error ?? 'skipped'}`].join('\n');
  out.push(
    `Chromium (playwright-core) at ${inp.viewport.width}×${inp.viewport.height} with touch and a phone's user agent, the CPU slowed ${inp.cpuSlowdownMultiplier}× (DevTools' throttling); each interaction is a tap made once the page is ready and the element is React's, on a fresh page, ${inp.runs} time${inp.runs > 1 ? 's' : ''}; its INP is the longest Event Timing entry of the tap (input delay, processing and presentation until the next paint; entries under 16 ms count as 16 ms), median of the runs. Target: ≤ ${inp.target} ms each.`,
    '',
    table(
      ['interaction', 'page', 'who', 'INP (median)', 'runs', 'met'],
      Object.entries(inp.interactions).map(([name, r]) => [
        esc(name),
        code(r.path),
        r.member ? 'member' : 'visitor',
        r.inpMs === null ? `not measured: ${esc(r.problems[0] ?? '')}` : `${r.inpMs} ms`,
        r.samples.join(', '),
        yes(r.met),
      ]),
    ),
    '',
  );
  return out.join('\n');
}

export function pagesSection(pages) {
  const out = ['## Pages under load', ''];
  if (!pages || pages.error) return [...out, `Not measured: ${pages?.error ?? 'skipped'}`].join('\n');
  out.push(
    pages.reference === 'bare'
      ? `autocannon, ${pages.connections} connections, brotli accepted, ${pages.seconds} s per measurement in ${pages.rounds} turns after a warm-up; each page beside a bare node:http server sending the same bytes (same content type and encoding, nothing else), and, for reference, a static file of the same bytes served by the same server from its media folder (@fastify/static), taking turns in this run. Target: a page at ${pct(pages.ratioTarget)} or more of bare node:http, p99 under ${pages.p99TargetMs} ms.`
      : `autocannon, ${pages.connections} connections, brotli accepted, ${pages.seconds} s per measurement in ${pages.rounds} turns after a warm-up; each page beside a static file of the same bytes as the page on the wire, served by the same server from its media folder (@fastify/static), in this run. Target: a page at ${pct(pages.ratioTarget)} or more of the file's rate.`,
    '',
  );
  for (const setup of Object.values(pages.setups ?? {})) {
    if (setup.skipped) {
      out.push(`Skipped (PostgreSQL + Redis, WORKERS=2): ${setup.skipped}`, '');
      continue;
    }
    if (setup.error) {
      out.push(`Failed: ${esc(setup.error.split('\n')[0])}`, '');
      continue;
    }
    out.push(`### ${setup.label}`, '');
    if (pages.reference === 'bare') {
      out.push(
        table(
          [
            'page',
            'HTML / on the wire',
            'page req/s',
            'p50',
            'p99',
            'bare req/s',
            'bare p99',
            'page / bare',
            'static file req/s',
            'page / file',
            'met',
          ],
          Object.entries(setup.pages).map(([page, r]) => [
            code(page),
            `${kib(r.htmlBytes)} / ${kib(r.wireBytes)} ${r.encoding ?? ''}`,
            String(r.page.requestsPerSecond),
            ms(r.page.latencyP50Ms),
            ms(r.page.latencyP99Ms),
            String(r.bare.requestsPerSecond),
            ms(r.bare.latencyP99Ms),
            pct(r.ratio),
            String(r.static.requestsPerSecond),
            pct(r.staticRatio),
            yes(r.met),
          ]),
        ),
        '',
      );
      continue;
    }
    out.push(
      table(
        ['page', 'HTML / on the wire', 'page req/s', 'p50', 'p99', 'static file req/s', 'static p99', 'page / file', 'met'],
        Object.entries(setup.pages).map(([page, r]) => [
          code(page),
          `${kib(r.htmlBytes)} / ${kib(r.wireBytes)} ${r.encoding ?? ''}`,
          String(r.page.requestsPerSecond),
          ms(r.page.latencyP50Ms),
          ms(r.page.latencyP99Ms),
          String(r.static.requestsPerSecond),
          ms(r.static.latencyP99Ms),
          pct(r.ratio),
          yes(r.met),
        ]),
      ),
      '',
    );
  }
  return out.join('\n');
}

export function apiUnderLoadSection(r) {
  const out = ['## The API while pages are under load', ''];
  if (!r || r.error) return [...out, `Not measured: ${r?.error ?? 'skipped'}`].join('\n');
  out.push(
    `\`GET /api/events\` at ${r.apiConnections} connections for ${r.seconds} s on PGlite, alone, then while ${r.pageConnections} more connections load ${Object.keys(r.pages).map(code).join(', ')} at once. The crowd loading the pages runs in its own process at the lowest CPU priority (its browsers would not be on the server's machine; here it shares the cores). For reference, the same crowd then loads a static file of the home page's bytes from the same server. Target: p99 under page load within ${r.target}× of p99 alone.`,
    '',
    table(
      ['', 'req/s', 'p50', 'p99', 'errors'],
      [
        [
          'alone',
          String(r.alone.requestsPerSecond),
          ms(r.alone.latencyP50Ms),
          ms(r.alone.latencyP99Ms),
          String(r.alone.errors + r.alone.non2xx),
        ],
        [
          'under page load',
          String(r.underLoad.requestsPerSecond),
          ms(r.underLoad.latencyP50Ms),
          ms(r.underLoad.latencyP99Ms),
          String(r.underLoad.errors + r.underLoad.non2xx),
        ],
        ...(r.underStaticLoad
          ? [
              [
                `under a static file's load (reference, ${r.staticServed}/s served)`,
                String(r.underStaticLoad.requestsPerSecond),
                ms(r.underStaticLoad.latencyP50Ms),
                ms(r.underStaticLoad.latencyP99Ms),
                String(r.underStaticLoad.errors + r.underStaticLoad.non2xx),
              ],
            ]
          : []),
      ],
    ),
    '',
    `p99 under load / alone: **${r.factor == null ? '–' : `${r.factor.toFixed(1)}×`}** (target ≤ ${r.target}×, met: ${yes(r.met)}). Pages served meanwhile: ${Object.entries(
      r.pages,
    )
      .map(([p, s]) => `${code(p)} ${s.requestsPerSecond}/s (p99 ${s.latencyP99Ms} ms)`)
      .join(', ')}.`,
    '',
  );
  return out.join('\n');
}

export function rushSection(rush) {
  const out = ['## Sunday rush', ''];
  if (!rush || rush.error) return [...out, `Not measured: ${rush?.error ?? 'skipped'}`].join('\n');
  out.push(
    `${rush.members} simulated members, signed in, for ${rush.seconds} s each on its own server: each reads pages, reads the lists behind them, likes stories, posts prayers and buys a ticket (local test-mode checkout, then its payment), with 0.5–3 s between actions (weights: ${Object.entries(
      rush.actions,
    )
      .map(([a, w]) => `${a} ${w}`)
      .join(
        ', ',
      )}). Lost writes: what the server acknowledged (201 prayers, liked stories, payments that reached the success page) minus what the database holds for these members once the server stopped. Targets: 0 errors, 0 lost writes.`,
    '',
    `Settings a deployment would make, set by the bench: ${Object.entries(rush.settings)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ')}. "Refused" are answers the product gives on purpose (429 limits, 409 sold out), counted apart from errors.`,
    '',
  );
  for (const [db, label] of [
    ['pglite', 'PGlite (embedded)'],
    ['postgres', 'PostgreSQL 127.0.0.1:5432 (throwaway database)'],
  ]) {
    const r = rush.databases?.[db];
    if (!r) continue;
    out.push(`### ${label}`, '');
    if (r.skipped || r.error) {
      out.push(`${r.skipped ? 'Skipped' : 'Failed'}: ${esc((r.skipped ?? r.error).split('\n')[0])}`, '');
      continue;
    }
    out.push(
      `${r.members} members, ${r.requests} requests in ${r.seconds.toFixed(0)} s (${r.requestsPerSecond}/s): **${r.errors} errors**, ${r.refused} refused, **${r.lostWrites} lost writes**. Sign-in before the rush (not in the figures): p99 ${ms(r.signIn?.p99Ms)}.`,
      '',
      table(
        ['kind', 'requests', 'ok', 'refused', 'errors', 'p50', 'p99'],
        Object.entries(r.kinds).map(([kind, k]) => [
          kind,
          String(k.requests),
          String(k.ok),
          String(k.refused),
          `${k.errors}${
            Object.keys(k.statuses).length
              ? ` (${Object.entries(k.statuses)
                  .map(([s, n]) => `${s}: ${n}`)
                  .join(', ')})`
              : ''
          }`,
          ms(k.p50Ms),
          ms(k.p99Ms),
        ]),
      ),
      '',
      table(
        ['write', 'acknowledged', 'in the database', 'lost'],
        ['prayers', 'likes', 'tickets'].map((w) => [w, num(r.acknowledged[w]), num(r.written?.[w]), num(r.lost?.[w])]),
      ),
      '',
    );
  }
  return out.join('\n');
}

export function archiveSection(a) {
  const out = ['## Page weight and the archive', ''];
  if (!a || a.error) return [...out, `Not measured: ${a?.error ?? 'skipped'}`].join('\n');
  out.push(
    `Uncompressed HTML (and brotli on the wire) for a visitor, with the sample content and with generated years of content (\`cli.ts archive\`: ${esc(a.added)}). Target: \`/\` and \`/daily-devotion\` within ${pct(a.target)} of their weight with the sample content.`,
    '',
    table(
      ['address', 'sample content', 'with the archive', 'growth', 'met'],
      Object.keys(a.sample).map((p) => [
        code(p),
        `${kib(a.sample[p].bytes)} (${kib(a.sample[p].wireBytes)} ${a.sample[p].encoding ?? ''})`,
        `${kib(a.archive[p].bytes)} (${kib(a.archive[p].wireBytes)} ${a.archive[p].encoding ?? ''})`,
        a.growth[p] == null ? '–' : `${a.growth[p] >= 0 ? '+' : ''}${(a.growth[p] * 100).toFixed(1)}%`,
        p.startsWith('/api/') ? '–' : yes(a.growth[p] !== null && a.growth[p] <= a.target),
      ]),
    ),
    '',
  );
  return out.join('\n');
}

export function calibratedLighthouseSection(lh, reference) {
  const out = ['## Lighthouse on a mid-range phone (calibrated)', ''];
  if (!lh || lh.error) return [...out, `Not measured: ${lh?.error ?? 'skipped'}`].join('\n');
  out.push(
    `Lighthouse's benchmark index of this machine: ${lh.benchmarkIndexes.join(', ')} (median ${lh.benchmarkIndex}); the CPU is slowed **${lh.cpuSlowdownMultiplier}×** (index / ${lh.phoneBenchmarkIndex}) so that it behaves like a phone of index about ${lh.phoneBenchmarkIndex}, instead of Lighthouse's fixed 4×. Median of ${lh.runs} run${lh.runs > 1 ? 's' : ''} per page. Target: performance ≥ ${lh.performanceTarget}. "Default" is the Lighthouse section above (4×), when measured.`,
    '',
  );
  out.push(
    table(
      ['page', 'performance', 'TBT', 'LCP', 'FCP', 'met', 'default (4×) performance / TBT'],
      Object.entries(lh.pages).map(([page, r]) => {
        const ref = reference?.pages?.[page];
        const refText =
          ref && !ref.error ? `${ref.scores.performance} / ${ref.metrics['total-blocking-time']?.display ?? '–'}` : '–';
        if (r.error) return [code(page), `failed: ${esc(r.error.split('\n')[0])}`, '', '', '', '**no**', refText];
        return [
          code(page),
          num(r.scores.performance),
          r.metrics['total-blocking-time']?.display ?? '–',
          r.metrics['largest-contentful-paint']?.display ?? '–',
          r.metrics['first-contentful-paint']?.display ?? '–',
          yes(r.scores.performance !== null && r.scores.performance >= lh.performanceTarget),
          refText,
        ];
      }),
    ),
    '',
  );
  return out.join('\n');
}

export function photosSection(p) {
  const out = ['## Large photos on the home page', ''];
  if (!p || p.error) return [...out, `Not measured: ${p?.error ?? 'skipped'}`].join('\n');
  const originals = p.photos.reduce((a, b) => a + b, 0);
  out.push(
    `${p.photos.length} photographs of ${p.photoDimensions} (${p.photos.map((b) => kib(b)).join(', ')}; ${kib(originals)} in all), stored as staff uploads as the images of every event, news item, press release and devotional (${esc(p.stored)}). Image bytes a phone downloads for \`/\` (Chromium, responses of type image): once the page has loaded, and once the visitor has scrolled to its end.`,
    '',
    table(
      ['phone', 'on load', 'after scrolling to the end', 'originals'],
      p.phones.map((ph) => [
        ph.label,
        `${kib(ph.onLoadBytes)} (${ph.onLoadFiles} files)`,
        `${kib(ph.scrolledBytes)} (${ph.scrolledFiles} files)`,
        kib(originals),
      ]),
    ),
    '',
  );
  const lh = p.lighthouse?.pages?.['/'];
  if (lh && !lh.error)
    out.push(
      `Lighthouse on \`/\` with the photos (${p.lighthouse.formFactor}): performance ${lh.scores.performance}, LCP ${lh.metrics['largest-contentful-paint']?.display ?? '–'}, TBT ${lh.metrics['total-blocking-time']?.display ?? '–'}, CLS ${lh.metrics['cumulative-layout-shift']?.display ?? '–'}.`,
      '',
    );
  else out.push(`Lighthouse on \`/\` with the photos: ${esc(p.lighthouse?.error ?? lh?.error ?? 'not measured')}`, '');
  return out.join('\n');
}

export function mediaSection(m) {
  const out = ['## Sermon audio with byte ranges', ''];
  if (!m || m.error) return [...out, `Not measured: ${m?.error ?? 'skipped'}`].join('\n');
  out.push(
    `A ${kib(m.bytes)} MP3 uploaded through the staff's API (PGlite: a file in the uploads folder), asked for in ranges as a phone's player does, autocannon with ${m.connections} connections, ${m.seconds} s per range in ${m.rounds} turns after a warm-up, beside the same ranges of a static file of the same bytes served by the same server from its media folder (@fastify/static). Target: ${pct(m.ratioTarget)} or more of the file's rate.`,
    '',
    table(
      ['range', 'upload req/s', 'p50', 'p99', 'static file req/s', 'static p99', 'upload / file', 'met'],
      Object.entries(m.ranges).map(([label, r]) => [
        `${esc(label)} ${code(r.range)}`,
        String(r.upload.requestsPerSecond),
        ms(r.upload.latencyP50Ms),
        ms(r.upload.latencyP99Ms),
        String(r.static.requestsPerSecond),
        ms(r.static.latencyP99Ms),
        pct(r.ratio),
        yes(r.met),
      ]),
    ),
    '',
  );
  return out.join('\n');
}
