/**
 * One webpack configuration for every app of the workspace, read from the
 * app's manifest (its `app.json`, see config/apps.cjs). Each app builds:
 *
 * - a browser container (`<out>/browser`): the shell's index.html and boot
 *   chunks, or a remote's remoteEntry.js and mf-manifest.json, plus
 *   pages.json, what the app publishes about itself (its pages, exposes);
 * - in production, a server (Node) container (`<out>/server`): the shell's
 *   renderer (render.js, a federation host) or the remote's remoteEntry.js,
 *   which the renderer loads at run time. Nothing of one app is linked into
 *   another's build.
 *
 * Each app's webpack.config.js is `createConfig(__dirname)`; the release
 * script builds through config/build-app.cjs with the same configuration.
 */
const path = require('node:path');
const { existsSync, readFileSync, realpathSync } = require('node:fs');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { BootPreloadPlugin } = require('./boot-preload-plugin.cjs');
const { FontFacesPlugin } = require('./font-faces-plugin.cjs');
const { root, readApp, publishedFacts } = require('./apps.cjs');

const rootModules = path.join(root, 'node_modules');
/**
 * The runtime-core module the federation runtime uses, as its ES build: one
 * copy for the bundler runtime and provide-runtime-core.mjs, and the SDK's
 * unused helpers shaken out (the CommonJS build brings all of them).
 */
const runtimeCorePath = path.join(
  path.dirname(
    require.resolve('@module-federation/runtime-core', {
      paths: [realpathSync(path.join(rootModules, '@module-federation/enhanced'))],
    }),
  ),
  'index.js',
);
/** react-router (react-router-dom's own dependency), built for production or development. */
const reactRouterDir = path.dirname(
  require.resolve('react-router/package.json', {
    paths: [realpathSync(path.join(root, 'shared/node_modules/react-router-dom'))],
  }),
);
const nodeRuntimePlugin = require.resolve('@module-federation/node/runtimePlugin');

/** Shared singletons: one copy on the page (and in the renderer), whichever app loads first. */
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

/** The @ministry/shared an app's folder builds against: its node_modules' link, else the workspace's. */
function sharedFolderOf(appFolder) {
  for (let dir = appFolder; ; dir = path.dirname(dir)) {
    const linked = path.join(dir, 'node_modules', '@ministry', 'shared');
    if (existsSync(path.join(linked, 'package.json'))) return realpathSync(linked);
    if (path.dirname(dir) === dir) return path.join(root, 'shared');
  }
}

/**
 * The entries of @ministry/shared, each shared at the package's version and
 * asking for the version it has been as it is since, up to the package's
 * next major version (shared/exports.json,
 * kept by `npm run shared:version`). Entries that hold state (the package
 * names them: `ministry.statefulEntries`: the store, the HTTP client and
 * its session, the page's server data) are singletons: one copy on the
 * page, and a remote needing a newer one than the shell shares is refused
 * before it is built. The others load side by side: a remote built against
 * a newer one than the shell's brings its own copy.
 * The shared package is the one the app's folder resolves (a release
 * `--from` another checkout builds against that checkout's).
 */
function sharedLibEntries(appFolder) {
  const folder = sharedFolderOf(appFolder);
  const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  let record = null;
  try {
    record = JSON.parse(readFileSync(path.join(folder, 'exports.json'), 'utf8'));
  } catch {
    // not recorded yet: every entry at the package's version
  }
  const stateful = new Set(pkg.ministry?.statefulEntries ?? []);
  // From the version the entry has been as it is since, up to the next major version of the package
  // built against: an entry unchanged since 2.0.0 is the same in 3.0.0, and an app built with 3.0.0
  // takes it from a shell sharing 3.0.0 (`^2.0.0` would refuse it).
  const nextMajor = `${Number(pkg.version.split('.')[0]) + 1}.0.0`;
  const shared = {};
  for (const key of Object.keys(pkg.exports ?? {})) {
    const entry = key.replace(/^\.\//, '');
    // Not shared: test helpers, the API's contracts, and the axios instance (api/http: the client loads it
    // itself on the first call, and fetches it again after a failed load, which a shared module is not).
    if (entry === 'testing' || entry === 'contracts' || entry.includes('/')) continue;
    const since = record?.entries?.[entry]?.since ?? pkg.version;
    const requiredVersion = `>=${since} <${nextMajor}`;
    shared[`@ministry/shared/${entry}`] = stateful.has(entry)
      ? { singleton: true, strictVersion: true, requiredVersion, version: pkg.version }
      : // Said outright: the manifest takes a shared module with no word on it for a singleton.
        { singleton: false, requiredVersion, version: pkg.version };
  }
  return shared;
}

/**
 * What the app shares, at the versions its own package.json asks for: an
 * exact version pinned there (19.3.1) accepts its later compatible ones
 * (^19.3.1). A release asking for a singleton the shell cannot serve is
 * refused (scripts/lib/release-checks.mjs); should one reach a browser
 * anyway, the singleton is strict: the remote fails to load and its part of
 * the page shows its fallback, rather than running on a React it was not
 * built for.
 */
function sharedConfig(app) {
  const own = require(path.join(app.folder, 'package.json')).dependencies ?? {};
  const sharedLib = require(path.join(root, 'shared/package.json')).dependencies;
  const version = (name) => {
    const bare = name.replace(/\/$/, '');
    const wanted = own[bare] ?? sharedLib[bare];
    return /^\d+\.\d+\.\d+$/.test(wanted) ? `^${wanted}` : wanted;
  };
  const shared = {};
  for (const name of SINGLETONS) {
    const v = version(name);
    shared[name] = { singleton: true, requiredVersion: v, strictVersion: true };
    // Served from the trimmed re-export in config/react-router-dom.mjs: say its real version.
    if (name === 'react-router-dom') shared[name].version = sharedLib['react-router-dom'];
  }
  for (const name of SHARED) shared[name] = { requiredVersion: version(name) };
  return { ...shared, ...sharedLibEntries(app.folder) };
}

/**
 * styled-components' compiler plugin: every styled component gets an id made
 * from its file, so the server container and the browser container of a
 * release give it the same class names and the browser can hydrate the
 * server's HTML. It also minifies the CSS in the templates.
 */
function styledComponentsPlugin(production) {
  return [
    require.resolve('@swc/plugin-styled-components'),
    { displayName: !production, ssr: true, minify: true, transpileTemplateLiterals: true, pure: true },
  ];
}

/** TypeScript and JSX through swc. */
function scriptRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules[\\/](?!@ministry)/,
    // An import of a name a module does not export fails the build
    // (react-router-dom is trimmed to what the apps use: see
    // config/react-router-dom.mjs).
    parser: { exportsPresence: 'error' },
    use: {
      loader: require.resolve('swc-loader'),
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

/** Writes pages.json beside mf-manifest.json: what the app publishes about itself. */
class PublishPagesPlugin {
  constructor(app) {
    this.app = app;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublishPagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublishPagesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = `${JSON.stringify(publishedFacts(this.app), null, 2)}\n`;
          compilation.emitAsset('pages.json', new webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * Writes precache.json beside the browser files: every file a page may load
 * from this release (scripts, styles, fonts, images; not the compressed
 * copies, the page template or the build's reports). The service worker
 * keeps the files of the releases a page uses, by this list.
 */
class PrecacheListPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecacheListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecacheListPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = Object.keys(compilation.assets)
            .filter((file) => /\.(js|css|woff2?|ttf|png|jpe?g|svg|webp|ico|json)$/.test(file))
            .filter((file) => !/(^|\/)(index\.html|pages\.json|mf-stats\.json|precache\.json)$|\.LICENSE\.txt$/.test(file))
            .sort();
          compilation.emitAsset('precache.json', new webpack.sources.RawSource(`${JSON.stringify({ files })}\n`));
        },
      );
    });
  }
}

/**
 * The service worker (`<out>/worker/sw.js`), built with the shell: the web
 * host serves it at /sw.js from the shell release a visitor's page uses
 * (shell/src/serviceWorker).
 */
function serviceWorkerConfig(app) {
  return {
    name: 'worker',
    mode: 'production',
    context: app.folder,
    target: 'webworker',
    entry: { sw: './src/serviceWorker/index.ts' },
    devtool: false,
    output: { path: path.join(outputDir(app), 'worker'), filename: '[name].js', publicPath: '/', clean: true },
    resolve: { extensions: ['.ts', '.js', '.mjs'], extensionAlias: { '.js': ['.ts', '.js'] } },
    resolveLoader,
    module: { rules: [scriptRule(true)] },
    // One file: a worker script cannot load chunks of its own before it is installed.
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimizer: minimizers() },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * Minified by swc rather than webpack's default (terser): the same size (a
 * little smaller, gzip), in about half the build's CPU time.
 */
function minimizers() {
  return [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })];
}

function compression() {
  return [
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
  ];
}

/** Where the build writes: `MINISTRY_BUILD_OUT` (the release script's staging folder), else the app's dist/. */
function outputDir(app) {
  return process.env.MINISTRY_BUILD_OUT ? path.resolve(process.env.MINISTRY_BUILD_OUT) : path.join(app.folder, 'dist');
}

/**
 * Where the shell's browser files are served from (`/shell/<release>/`, set
 * by the release script). Remotes find their own address at run time.
 */
function shellPublicPath() {
  return process.env.MINISTRY_PUBLIC_PATH ?? '/';
}

const resolveLoader = { modules: ['node_modules', rootModules] };

function browserConfig(app, production) {
  const publicPath = app.host ? shellPublicPath() : 'auto';
  return {
    name: 'browser',
    mode: production ? 'production' : 'development',
    context: app.folder,
    entry: { main: './src/index.ts' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(outputDir(app), 'browser'),
      // Entry files keep stable names; chunks carry content hashes. A release
      // folder never changes, so the server caches all of it for good.
      // webpack 5.111 cannot hash the entry name when a container exposes modules.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath,
      uniqueName: app.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        ...(production && app.host ? { '@module-federation/runtime-core$': runtimeCorePath } : {}),
        // Only what the apps use of the router (see config/react-router-dom.mjs).
        'react-router-dom$': path.join(__dirname, 'react-router-dom.mjs'),
        'react-router$': path.join(reactRouterDir, 'dist', production ? 'production' : 'development', 'index.mjs'),
      },
    },
    resolveLoader,
    module: {
      rules: [
        scriptRule(production),
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|svg|webp|ico)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        filename: 'remoteEntry.js',
        exposes: app.exposes,
        remotes: {},
        shared: sharedConfig(app),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        // In production the remotes do not each carry the federation
        // runtime (~20 KB gzip apiece): the host provides it, and a remote,
        // which loads no remotes itself, drops the remote-loading and
        // manifest-snapshot code. Dev servers keep it, so a remote still runs
        // standalone on its own port.
        ...(production
          ? app.host
            ? { runtimePlugins: [path.join(__dirname, 'provide-runtime-core.mjs')] }
            : { experiments: { externalRuntime: true, optimization: { disableSnapshot: true, disableRemote: true } } }
          : {}),
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title: app.title ?? `${app.label ?? app.name} (standalone)`,
        host: app.host,
        scriptLoading: 'defer',
        // Pages live at nested paths (/devotional-detail/x): load main.js from the root, not relative to the page.
        publicPath: app.host ? publicPath : '/',
        inject: 'body',
        chunks: ['main'],
      }),
      new FontFacesPlugin({ publicPath: app.host ? publicPath : '/' }),
      new PublishPagesPlugin(app),
      ...(production ? [new PrecacheListPlugin()] : []),
      // The host's index.html preloads the chunks it needs to boot.
      ...(production && app.host ? [new BootPreloadPlugin({ publicPath })] : []),
      ...(production ? compression() : []),
    ],
    optimization: {
      minimizer: minimizers(),
      moduleIds: production ? 'deterministic' : 'named',
      splitChunks: {
        cacheGroups: {
          // The entries of @ministry/shared are shared one by one, each in chunks of its own, and import
          // each other's files (the site's identity, the theme, the formats): those files go in chunks of
          // their own too, loaded once, rather than copied into every entry's chunks (a page loads several).
          sharedPackageFiles: {
            test: /[\\/]shared[\\/]src[\\/]/,
            chunks: 'async',
            minChunks: 2,
            minSize: 0,
            priority: 10,
            reuseExistingChunk: true,
          },
        },
      },
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: production ? 'errors-warnings' : 'minimal',
    devServer: {
      port: app.devPort,
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
}

/**
 * The server container. A remote's is a federation container for Node
 * (remoteEntry.js, one file: the renderer verifies each file it runs against
 * the release's recorded hashes, and one file is one check). The shell's is
 * the renderer (render.js), a federation host that loads the remotes'
 * server containers at run time and shares its singletons with them.
 */
function serverConfig(app) {
  return {
    name: 'server',
    mode: 'production',
    context: app.folder,
    target: 'async-node',
    entry: app.host ? { render: './src/ssr/index.ts' } : {},
    devtool: false,
    output: {
      path: path.join(outputDir(app), 'server'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      // Asset URLs as the browser build makes them: the shell's fonts are
      // served from its release folder; remotes import no assets.
      publicPath: app.host ? shellPublicPath() : '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: `${app.name}_server`,
      ...(app.host ? { library: { type: 'commonjs2' } } : {}),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    resolveLoader,
    module: {
      // One file per container: a lazy page (`import()`, the staff pages) is
      // built into it rather than into a chunk of its own.
      parser: { javascript: { dynamicImportMode: 'eager' } },
      rules: [
        scriptRule(true),
        { test: /\.css$/, type: 'asset/source' },
        // The browser build serves these files; the server only needs their URLs.
        { test: /\.(png|jpe?g|svg|webp|ico)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        filename: 'remoteEntry.js',
        exposes: app.exposes,
        remotes: {},
        remoteType: 'script',
        library: { type: 'commonjs-module', name: app.name },
        shared: sharedConfig(app),
        shareStrategy: 'loaded-first',
        runtimePlugins: [nodeRuntimePlugin],
        dts: false,
        manifest: true,
      }),
      // One file per container.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, moduleIds: 'deterministic', splitChunks: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * The webpack configuration of the app in `folder` (its app.json): the
 * browser build, and in production the server build too.
 * @param {string} folder
 * @param {{ devMiddleware?: Function }} [extra]
 */
function createConfig(folder, extra = {}) {
  const app = { ...readApp(folder), ...extra };
  const config = (_env, argv = {}) => {
    const production = argv.mode === 'production';
    if (!production) return browserConfig(app, false);
    return [browserConfig(app, true), serverConfig(app), ...(app.host ? [serviceWorkerConfig(app)] : [])];
  };
  config.app = app;
  return config;
}

module.exports = { createConfig, scriptRule, sharedConfig, sharedFolderOf, SINGLETONS };
