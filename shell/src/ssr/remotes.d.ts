/**
 * The remote modules the server renderer imports directly ('mfe_content/routes',
 * ...; the browser loads them through Module Federation instead). Each is a
 * component. shell/webpack.ssr.config.js points each name at the file the
 * remote exposes under it, so a name no remote exposes fails the build.
 */
declare module 'mfe_*' {
  const Component: import('react').ComponentType<Record<string, unknown>>;
  export default Component;
}
