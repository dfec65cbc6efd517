/**
 * One webpack configuration for every app of the workspace: the shell (host)
 * and the four remotes. Each app's webpack.config.js calls createConfig() with
 * its name, port and what it exposes.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const zlib = require('node:zlib');
const { BootPreloadPlugin } = require('./boot-preload-plugin.cjs');

const root = path.resolve(__dirname, '..');
/** The runtime-core module the federation runtime itself uses (see provide-runtime-core.cjs). */
const runtimeCorePath = require.resolve('@module-federation/runtime-core', {
  paths: [require('node:fs').realpathSync(path.join(root, 'node_modules/@module-federation/enhanced'))],
});
const deps = require(path.join(root, 'shared/package.json')).dependencies;
/** react-router (react-router-dom's own dependency), built for production or development. */
const reactRouterDir = path.dirname(
  require.resolve('react-router/package.json', { paths: [require('node:fs').realpathSync(path.join(root, 'shared/node_modules/react-router-dom'))] }),
);

/** Shared singletons: one copy on the page, whichever app loads first. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'redux',
  'react-redux',
  'styled-components',
  'react-toastify',
];
/**
 * Shared, not necessarily singletons: loaded once when versions agree.
 * axios is not among them: only @ministry/shared/api (a singleton) uses it,
 * in a chunk of its own loaded on the first call, and a chunk that failed
 * (server out of reach) is fetched again on the next call, where a failed
 * shared module is not.
 */
const SHARED = ['redux-persist', 'dayjs', 'dayjs/', 'formik', 'yup', 'dompurify'];
const SHARED_LIB_ENTRIES = ['api', 'store', 'ui', 'validation', 'format', 'types', 'config'];

function sharedConfig() {
  const shared = {};
  const version = (name) => deps[name.replace(/\/$/, '')];
  for (const name of SINGLETONS) {
    const v = version(name);
    shared[name] = { singleton: true, requiredVersion: v, strictVersion: false };
    // Served from the trimmed re-export in config/react-router-dom.mjs: say its real version.
    if (name === 'react-router-dom') shared[name].version = v;
  }
  for (const name of SHARED) shared[name] = { requiredVersion: version(name) };
  for (const entry of SHARED_LIB_ENTRIES) {
    shared[`@ministry/shared/${entry}`] = { singleton: true, requiredVersion: '1.0.0', version: '1.0.0' };
  }
  return shared;
}

/**
 * styled-components' compiler plugin: every styled component gets an id made
 * from its file's content, so the server renderer (config/webpack.ssr.cjs)
 * and the browser build give it the same class names and the browser can
 * hydrate the server's HTML. It also minifies the CSS in the templates.
 */
function styledComponentsPlugin(production) {
  return ['@swc/plugin-styled-components', { displayName: !production, ssr: true, minify: true, transpileTemplateLiterals: true, pure: true }];
}

/** TypeScript and JSX through swc (the browser builds and the server renderer's). */
function scriptRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules[\\/](?!@ministry)/,
    // An import of a name a module does not export fails the build
    // (react-router-dom is trimmed to what the apps use: see
    // config/react-router-dom.mjs).
    parser: { exportsPresence: 'error' },
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
          target: 'es2020',
          experimental: { plugins: [styledComponentsPlugin(production)] },
        },
      },
    },
  };
}

/**
 * @param {{ name: string, dir: string, port: number, exposes?: Record<string,string>,
 *           host?: boolean, title?: string, devMiddleware?: Function }} app
 */
function createConfig(app) {
  const config = (_env, argv) => {
    const production = argv.mode === 'production';
    const appDir = path.join(root, app.dir);
    const isHost = !app.exposes || !Object.keys(app.exposes).length;
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(appDir, 'dist'),
        // Entry files keep stable names (served no-cache); chunks carry content hashes.
        // webpack 5.111 cannot hash the entry name when a container exposes modules.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: 'auto',
        uniqueName: app.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: {
          ...(production && isHost ? { '@module-federation/runtime-core$': runtimeCorePath } : {}),
          // Only what the apps use of the router (see config/react-router-dom.mjs).
          'react-router-dom$': path.join(__dirname, 'react-router-dom.mjs'),
          'react-router$': path.join(reactRouterDir, 'dist', production ? 'production' : 'development', 'index.mjs'),
        },
      },
      module: {
        rules: [
          scriptRule(production),
          { test: /\.css$/, type: 'asset/source' },
          { test: /\.(woff2?|ttf)$/, type: 'asset/resource' },
          { test: /\.(png|jpe?g|svg|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes ?? {},
          remotes: {},
          shared: sharedConfig(),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          // In production the remotes do not each carry the federation
          // runtime (~20 KB gzip apiece): the host provides it, and a remote,
          // which loads no remotes itself, drops the remote-loading and
          // manifest-snapshot code. Dev servers keep it, so a remote still runs
          // standalone on its own port.
          ...(production
            ? {
                ...(isHost
                  ? { runtimePlugins: [path.join(__dirname, 'provide-runtime-core.cjs')] }
                  : { experiments: { externalRuntime: true, optimization: { disableSnapshot: true, disableRemote: true } } }),
              }
            : {}),
        }),
        new HtmlWebpackPlugin({
          template: path.join(appDir, 'public/index.html'),
          title: app.title ?? app.name,
          scriptLoading: 'defer',
          // Pages live at nested paths (/devotional-detail/x): load main.js from the root, not relative to the page.
          publicPath: '/',
          inject: 'body',
          chunks: ['main'],
        }),
        // The host's index.html preloads the chunks it needs to boot.
        ...(production && isHost ? [new BootPreloadPlugin({ publicPath: '/' })] : []),
        ...(production
          ? [
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: /\.(js|css|html|svg|json|txt)$/,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
                minRatio: 0.9,
              }),
              new CompressionPlugin({
                filename: '[path][base].gz',
                algorithm: 'gzip',
                test: /\.(js|css|html|svg|json|txt)$/,
                threshold: 1024,
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      optimization: { moduleIds: production ? 'deterministic' : 'named' },
      performance: { hints: false },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
        proxy: [{ context: ['/api', '/media', '/pay'], target: 'http://localhost:8080' }],
        setupMiddlewares: app.devMiddleware ?? ((m) => m),
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
  // The server renderer's build reads what each remote exposes from here.
  config.app = app;
  return config;
}

module.exports = { createConfig, root, scriptRule };
