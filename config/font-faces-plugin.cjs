/**
 * The site's typeface (Poppins, from @fontsource: no font CDN) as a static
 * `<style>` in index.html, its files emitted beside the app's. It is not in
 * styled-components' global style: when the page starts, styled-components
 * moves the server's rules into a tag of its own, and @font-face rules moved
 * so are new faces to the browser, which lays out every text of the page
 * again (on a phone, tens of milliseconds before the page answers a tap).
 *
 * The weights nearly every page shows are preloaded: they are there for the
 * page's first layout, which is then not done again when they arrive.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const WEIGHTS = [400, 500, 600, 700];
/** Body text, bold and headings (600): on every page but a few phone ones (500 is on about half). */
const PRELOADED = [400, 600, 700];
const sharedFolder = path.join(__dirname, '..', 'shared');

/** The woff2 file of a weight, from shared's @fontsource/poppins. */
const fontFile = (weight) =>
  require.resolve(`@fontsource/poppins/files/poppins-latin-${weight}-normal.woff2`, { paths: [sharedFolder] });

/** The @font-face rules of `files` (weight → URL). */
function fontFaceCss(files) {
  return files
    .map(
      ({ weight, url }) =>
        `@font-face{font-family:'Poppins';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')}`,
    )
    .join('');
}

class FontFacesPlugin {
  /** @param {{ publicPath?: string }} [options] where index.html finds the app's files */
  constructor(options = {}) {
    this.publicPath = options.publicPath ?? '/';
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FontFacesPlugin', (compilation) => {
      const files = [];
      compilation.hooks.processAssets.tap(
        { name: 'FontFacesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const weight of WEIGHTS) {
            const source = fontFile(weight);
            const bytes = readFileSync(source);
            const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
            const name = `assets/poppins-latin-${weight}-normal.${hash}.woff2`;
            compilation.fileDependencies.add(source);
            compilation.emitAsset(name, new webpack.sources.RawSource(bytes));
            files.push({ weight, url: `${this.publicPath}${name}` });
          }
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FontFacesPlugin', (data) => {
        const preloads = files
          .filter(({ weight }) => PRELOADED.includes(weight))
          .map(({ url }) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: url,
              crossorigin: true,
            }),
          );
        data.headTags.push(
          ...preloads,
          HtmlWebpackPlugin.createHtmlTagObject('style', { id: 'ministry-fonts' }, fontFaceCss(files)),
        );
        return data;
      });
    });
  }
}

module.exports = { FontFacesPlugin };
