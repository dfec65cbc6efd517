/** In development each remote runs on its own dev server. */
const ports = { mfe_content: 3001, mfe_community: 3002, mfe_account: 3003, mfe_giving: 3004 };

function devRuntimeConfig() {
  const remotes = {};
  for (const [name, port] of Object.entries(ports)) remotes[name] = `http://localhost:${port}/mf-manifest.json`;
  return { remotes, apiBase: '' };
}

module.exports = { devRuntimeConfig };
