const { createConfig } = require('../config/webpack.base.cjs');

module.exports = createConfig({
  name: 'mfe_giving',
  dir: 'mfe-giving',
  port: 3004,
  title: 'Giving (standalone)',
  exposes: {
    './routes': './src/routes.tsx',
  },
});
