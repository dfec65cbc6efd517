/**
 * A federation runtime plugin for the host: hands the host's own copy of
 * @module-federation/runtime-core to the remotes, which are built with
 * `experiments.externalRuntime` and read it from `_FEDERATION_RUNTIME_CORE`.
 * (MF's own inject-external-runtime-core-plugin imports the ES build of
 * runtime-core while the bundler runtime uses the CommonJS one: two copies,
 * +25 KB gzip. This one requires the very module the host already runs;
 * webpack.base.cjs aliases the request to it.)
 */
const runtimeCore = require('@module-federation/runtime-core');

module.exports = function provideRuntimeCore() {
  return {
    name: 'ministry-provide-runtime-core',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name, version: 'host' };
      }
      return args;
    },
  };
};
