/**
 * Errors a guard or loader throws to show the error page with a status (spec §2, §6):
 * `throw forbidden()` renders the 403 page in place of the route, `throw pageNotFound()` the 404.
 */
import { notFound } from '@tanstack/react-router';

export class HttpStatusError extends Error {
  readonly status: number;

  constructor(status: number, message = `HTTP ${status}`) {
    super(message);
    this.name = 'HttpStatusError';
    this.status = status;
  }
}

/** 401: the visitor must be signed in to see this (guards usually redirect to login instead). */
export function notAuthorized(): HttpStatusError {
  return new HttpStatusError(401, 'Not authorized');
}

/** 403: signed in, but the wrong account type or not allowed. */
export function forbidden(): HttpStatusError {
  return new HttpStatusError(403, 'Forbidden');
}

/** 404 through the router's not-found handling, so it renders like an unknown path. */
export function pageNotFound() {
  return notFound();
}
