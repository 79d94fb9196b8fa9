/**
 * The reference of the request just posted (spec: the `service_request_refid` flag), kept for
 * the tab in sessionStorage so the request list can say it was posted and show the reference
 * once. Storage may be off: then nothing is kept and nothing throws.
 */
export const POSTED_REQUEST_KEY = 'service_request_refid';

export function rememberPostedRequest(refId: string): void {
  try {
    window.sessionStorage.setItem(POSTED_REQUEST_KEY, refId);
  } catch {
    // Private mode or a full quota: the list simply does not say it.
  }
}

/** The posted request's reference, if this tab just posted one. */
export function postedRequest(): string | null {
  try {
    const refId = window.sessionStorage.getItem(POSTED_REQUEST_KEY);
    return refId && /^VR-[0-9A-Z]{8}$/.test(refId) ? refId : null;
  } catch {
    return null;
  }
}

/** Once shown, the reference is forgotten: the notice appears once. */
export function forgetPostedRequest(): void {
  try {
    window.sessionStorage.removeItem(POSTED_REQUEST_KEY);
  } catch {
    // Nothing was kept.
  }
}
