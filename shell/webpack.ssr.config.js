/**
 * The server renderer (shell/src/ssr/render.tsx): the shell and the modules
 * the remotes expose, built together for Node into dist-ssr/render.cjs. The
 * API renders public pages with it; in the browser every remote still loads
 * on its own through Module Federation. Each `mfe_x/<expose>` import points
 * at the file that remote's webpack config exposes under that name.
 */
const path = require('node:path');
const { root, scriptRule } = require('../config/webpack.base.cjs');

const REMOTE_DIRS = { mfe_content: 'mfe-content', mfe_community: 'mfe-community', mfe_account: 'mfe-account', mfe_giving: 'mfe-giving' };

function remoteAliases() {
  const alias = {};
  for (const [name, dir] of Object.entries(REMOTE_DIRS)) {
    const { app } = require(path.join(root, dir, 'webpack.config.js'));
    for (const [expose, file] of Object.entries(app.exposes ?? {})) {
      alias[`${name}/${expose.replace(/^\.\//, '')}$`] = path.join(root, dir, file);
    }
  }
  return alias;
}

module.exports = () => ({
  mode: 'production',
  target: 'node20',
  context: __dirname,
  entry: { render: './src/ssr/render.tsx' },
  output: {
    path: path.join(__dirname, 'dist-ssr'),
    filename: '[name].cjs',
    chunkFilename: '[name].[contenthash:10].cjs',
    library: { type: 'commonjs2' },
    // Asset URLs as the browser build makes them (the shell serves the fonts at /assets/).
    publicPath: '/',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    alias: remoteAliases(),
  },
  module: {
    rules: [
      scriptRule(true),
      { test: /\.css$/, type: 'asset/source' },
      // The browser build serves these files; the renderer only needs their URLs.
      { test: /\.(woff2?|ttf|png|jpe?g|svg|webp|ico)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  optimization: { minimize: false, splitChunks: false },
  performance: { hints: false },
  devtool: false,
  infrastructureLogging: { level: 'warn' },
  stats: 'errors-warnings',
});
