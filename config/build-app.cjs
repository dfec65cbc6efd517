/**
 * Builds one app for production: `node config/build-app.cjs <app folder>
 * <output folder> [public path]`. Writes <output>/browser and
 * <output>/server (config/webpack.base.cjs); exits 1 with webpack's errors
 * when the build fails. The release script runs it for each release.
 */
const webpack = require('webpack');

const [folder, out, publicPath] = process.argv.slice(2);
process.env.MINISTRY_BUILD_OUT = out;
if (publicPath) process.env.MINISTRY_PUBLIC_PATH = publicPath;
const { createConfig } = require('./webpack.base.cjs');

const configs = createConfig(folder)({}, { mode: 'production' });
webpack(configs).run((error, stats) => {
  if (error) {
    console.error(error.stack || error.message);
    process.exit(1);
  }
  const text = stats.toString({ preset: 'errors-warnings', colors: false });
  const shown = text
    .split('\n')
    .filter((line) => line.trim() && !line.includes('Manifest will use absolute path resolution'))
    .join('\n');
  if (stats.hasErrors()) {
    console.error(shown);
    process.exit(1);
  }
  if (shown.trim() && stats.hasWarnings()) console.log(shown);
  process.exit(0);
});
