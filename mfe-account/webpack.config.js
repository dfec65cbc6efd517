const { createConfig } = require('../config/webpack.base.cjs');

module.exports = createConfig({
  name: 'mfe_account',
  dir: 'mfe-account',
  port: 3003,
  title: 'Account (standalone)',
  exposes: {
    './routes': './src/routes.tsx',

  },
});
