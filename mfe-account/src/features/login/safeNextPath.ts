/** A path inside this site to go to after login (`?next=` or router state); anything else is home. */
export function safeNextPath(candidate: unknown): string {
  return typeof candidate === 'string' && candidate.startsWith('/') && !candidate.startsWith('//') && !candidate.startsWith('/\\')
    ? candidate
    : '/';
}
