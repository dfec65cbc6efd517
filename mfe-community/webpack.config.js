const { createConfig } = require('../config/webpack.base.cjs');

module.exports = createConfig({
  name: 'mfe_community',
  dir: 'mfe-community',
  port: 3002,
  title: 'Community (standalone)',
  exposes: {
    './routes': './src/routes.tsx',
    './LatestStories': './src/LatestStories.tsx',
  },
});
