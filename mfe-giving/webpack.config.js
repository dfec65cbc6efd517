const { createConfig } = require('../config/webpack.base.cjs');

module.exports = createConfig({
  name: 'mfe_giving',
  dir: 'mfe-giving',
  port: 3004,
  title: 'Giving (standalone)',
  exposes: {
    './routes': './src/routes.tsx',
    // The member's tickets, for a profile page to mount (default export: MyTickets).
    './MyTickets': './src/features/booking/MyTickets.tsx',
  },
});
