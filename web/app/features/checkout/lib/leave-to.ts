/** Leaves the app for another page (the payment provider, or back from it): a full page load. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
