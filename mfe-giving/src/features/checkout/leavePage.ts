/** Sends the browser to another site (the payment page). A module of its own so tests can replace it. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
