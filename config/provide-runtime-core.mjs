/**
 * A federation runtime plugin for the host: hands the host's own copy of
 * @module-federation/runtime-core to the remotes, which are built with
 * `experiments.externalRuntime` and read it from `_FEDERATION_RUNTIME_CORE`.
 * (MF's own inject-external-runtime-core-plugin may bring a second copy of
 * runtime-core beside the bundler runtime's: +25 KB gzip. This one imports
 * the very module the host already runs; webpack.base.cjs aliases every
 * request for it to its ES build, so that of its helpers (the SDK) only
 * what the browser uses is bundled.)
 */
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCore() {
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
}
