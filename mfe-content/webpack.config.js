const { createConfig } = require('../config/webpack.base.cjs');

module.exports = createConfig({
  name: 'mfe_content',
  dir: 'mfe-content',
  port: 3001,
  title: 'Content (standalone)',
  exposes: {
    './routes': './src/routes.tsx',
    './HomeSections': './src/HomeSections.tsx',
  },
});
