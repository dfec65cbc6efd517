/**
 * Server rendering off the API's event loop: worker threads, each running
 * the live releases' renderer (render-worker.mjs). A pool belongs to one
 * set of live releases; when a release goes live (or is rolled back), the
 * next page starts a new pool with it and the old one stops once its pages
 * are done, so no code of a former release stays loaded.
 *
 * A page the pool cannot render in time, or at all, is answered null: the
 * browser renders it.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { RuntimeConfig } from '@ministry/shared/config';

export type Viewport = 'mobile' | 'desktop';

export interface RenderedPage {
  html: string;
  styles: string;
  prerendered: { url: string; viewport: Viewport; resources: Record<string, unknown>; renderedAt?: number };
  leftForTheBrowser: string[];
}

export interface RenderRequest {
  url: string;
  origin: string;
  viewport: Viewport;
  modules: string[];
  timeoutMs: number;
}

/** What a worker starts with: the checked locations of the renderer and the remotes' server containers. */
export interface RendererSpec {
  shell: { location: string; sha256: string };
  remotes: Record<string, { location: string; sha256: string }>;
  config: RuntimeConfig;
}

export type ApiReader = (path: string) => Promise<{ status: number; body: unknown }>;

const WORKER_FILE = fileURLToPath(new URL('./render-worker.mjs', import.meta.url));

interface Job {
  resolve: (page: RenderedPage | null) => void;
  timer: ReturnType<typeof setTimeout>;
}

class RenderWorker {
  readonly ready: Promise<boolean>;
  private readonly worker: Worker;
  private readonly jobs = new Map<number, Job>();
  private nextJob = 0;
  private stopped = false;

  constructor(
    spec: RendererSpec,
    readApi: ApiReader,
    private readonly log: FastifyBaseLogger,
    private readonly onBroken: () => void,
  ) {
    // Plain JavaScript: no TypeScript loader in the worker (the renderer is built already).
    this.worker = new Worker(WORKER_FILE, { workerData: spec, execArgv: [], env: process.env, stdout: false, stderr: false });
    this.worker.unref();
    this.ready = new Promise((resolve) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve(true);
        else if (message.type === 'failed') {
          this.log.warn(`The server renderer could not start: ${message.error}. Pages are rendered in the browser.`);
          resolve(false);
        } else if (message.type === 'api') {
          readApi(message.path).then(
            (answer) => this.worker.postMessage({ type: 'api', id: message.id, answer }),
            () => this.worker.postMessage({ type: 'api', id: message.id, answer: { status: 500, body: null } }),
          );
        } else if (message.type === 'log') {
          this.log[message.level === 'warn' ? 'warn' : 'info'](`[renderer] ${message.message}`);
        } else if (message.type === 'rendered') {
          if (message.error) this.log.warn(`[renderer] ${message.error}`);
          this.finish(message.id, message.page);
        }
      });
      this.worker.on('error', (error) => {
        this.log.warn({ err: error }, 'A render worker failed; its pages are rendered in the browser.');
        resolve(false);
        this.broken();
      });
      this.worker.on('exit', () => {
        resolve(false);
        if (!this.stopped) this.broken();
      });
    });
  }

  get busy(): number {
    return this.jobs.size;
  }

  render(request: RenderRequest): Promise<RenderedPage | null> {
    const id = ++this.nextJob;
    return new Promise((resolve) => {
      // The renderer gives up at its own deadline; a worker stuck past it (a render that never
      // yields) is replaced, and the page goes to the browser.
      const timer = setTimeout(() => {
        this.log.warn(`Rendering ${request.url} took longer than ${request.timeoutMs} ms; the browser renders it.`);
        this.finish(id, null);
      }, request.timeoutMs + 1000);
      this.jobs.set(id, { resolve, timer });
      this.worker.postMessage({ type: 'render', id, request });
    });
  }

  stopWhenIdle(): void {
    this.stopped = true;
    if (!this.jobs.size) void this.worker.terminate();
  }

  private finish(id: number, page: RenderedPage | null): void {
    const job = this.jobs.get(id);
    if (!job) return;
    clearTimeout(job.timer);
    this.jobs.delete(id);
    job.resolve(page);
    if (this.stopped && !this.jobs.size) void this.worker.terminate();
  }

  private broken(): void {
    for (const id of [...this.jobs.keys()]) this.finish(id, null);
    if (!this.stopped) {
      this.stopped = true;
      this.onBroken();
    }
  }
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'api'; id: number; path: string }
  | { type: 'log'; level: string; message: string }
  | { type: 'rendered'; id: number; page: RenderedPage | null; error?: string };

/** The workers of one set of live releases. */
export class RenderPool {
  private workers: RenderWorker[] = [];
  private closed = false;
  /** When workers were replaced lately: one that keeps dying is not replaced for ever. */
  private replaced: number[] = [];

  constructor(
    private readonly spec: RendererSpec,
    private readonly size: number,
    private readonly readApi: ApiReader,
    private readonly log: FastifyBaseLogger,
  ) {
    for (let i = 0; i < size; i++) this.workers.push(this.startWorker());
  }

  private startWorker(): RenderWorker {
    const worker: RenderWorker = new RenderWorker(this.spec, this.readApi, this.log, () => {
      // A worker that died is replaced (unless the pool is closing, or workers keep dying).
      this.workers = this.workers.filter((w) => w !== worker);
      const now = Date.now();
      this.replaced = this.replaced.filter((at) => now - at < 60_000);
      if (this.closed || this.replaced.length >= 3) return;
      this.replaced.push(now);
      this.workers.push(this.startWorker());
    });
    return worker;
  }

  /** Pages being rendered now. */
  get busy(): number {
    return this.workers.reduce((sum, w) => sum + w.busy, 0);
  }

  /** Renders on the least busy worker once it has started (not past the page's time limit). */
  async render(request: RenderRequest): Promise<RenderedPage | null> {
    const worker = [...this.workers].sort((a, b) => a.busy - b.busy)[0];
    if (!worker) return null;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ready = await Promise.race([
      worker.ready,
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), request.timeoutMs))),
    ]);
    clearTimeout(timer);
    if (!ready) return null;
    const left = request.timeoutMs - (Date.now() - started);
    if (left <= 0) return null;
    return worker.render({ ...request, timeoutMs: left });
  }

  /** Stops each worker once its pages are done. */
  close(): void {
    this.closed = true;
    for (const worker of this.workers) worker.stopWhenIdle();
  }
}
