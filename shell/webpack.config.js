// The shell's build, from its manifest (app.json): see config/webpack.base.cjs.
// Its dev server answers /config.json with the remotes' dev servers.
const { createConfig } = require('../config/webpack.base.cjs');
const { devRuntimeConfig } = require('./dev-runtime-config.cjs');

module.exports = createConfig(__dirname, {
  devMiddleware: (middlewares) => {
    middlewares.unshift({
      name: 'runtime-config',
      path: '/config.json',
      middleware: (_req, res) => res.json(devRuntimeConfig()),
    });
    return middlewares;
  },
});
