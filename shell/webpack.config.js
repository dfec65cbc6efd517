const { createConfig } = require('../config/webpack.base.cjs');
const { devRuntimeConfig } = require('./dev-runtime-config.cjs');

module.exports = createConfig({
  name: 'shell',
  dir: 'shell',
  port: 3000,
  title: 'Luminaries Christian Ministries',
  devMiddleware: (middlewares) => {
    middlewares.unshift({
      name: 'runtime-config',
      path: '/config.json',
      middleware: (_req, res) => res.json(devRuntimeConfig()),
    });
    return middlewares;
  },
});
