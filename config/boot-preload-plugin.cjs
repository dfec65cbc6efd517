/**
 * Preloads, from index.html, every chunk the host needs before it renders:
 * the chunks of the entry's `import('./bootstrap')` and, recursively, the
 * shared modules (react, react-dom, ...) those chunks consume. Without it the
 * browser learns of them only once main.js has run: one more round trip.
 * Lazy imports (routes, forms below the fold) are not followed.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

const CONSUME_SHARED = 'consume-shared-module';

function bootFiles(compilation) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get('main');
  if (!entry) return [];
  const files = new Set();
  const seen = new Set();
  const queue = [];
  const addGroup = (group) => {
    for (const chunk of group?.chunks ?? []) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      queue.push(chunk);
    }
  };
  // The entry's own async blocks: the bootstrap import (not the federation
  // modules, whose blocks point at everything the app provides or consumes).
  for (const chunk of entry.chunks) {
    seen.add(chunk);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (!module.type?.startsWith('javascript/')) continue;
      for (const block of module.blocks ?? []) addGroup(chunkGraph.getBlockChunkGroup(block));
    }
  }
  // Then what those chunks consume from the share scope, recursively.
  while (queue.length) {
    const chunk = queue.shift();
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== CONSUME_SHARED) continue;
      for (const block of module.blocks ?? []) addGroup(chunkGraph.getBlockChunkGroup(block));
    }
  }
  return [...files].sort();
}

class BootPreloadPlugin {
  /** @param {{ publicPath?: string }} [options] */
  constructor(options = {}) {
    this.publicPath = options.publicPath ?? '/';
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const links = bootFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${this.publicPath}${file}` }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { BootPreloadPlugin, bootFiles };
