/**
 * The server renderer's entry: the shell's server container (a federation
 * host for Node), which the API loads in its render workers. What it renders
 * with (React, the router, the shared library) loads after the federation
 * runtime has set up the shared modules the remotes will use too.
 */
import type { Renderer, RendererOptions } from './renderer';

export type { Renderer, RendererOptions, RenderRequest, RenderedPage, RemoteCheck } from './renderer';

export async function start(options: RendererOptions): Promise<Renderer> {
  const { createRenderer } = await import('./renderer');
  return createRenderer(options);
}
