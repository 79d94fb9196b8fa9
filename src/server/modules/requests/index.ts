/** The requests module's public face beside its service: what other modules hook into when a request ends. */
export {
  onRequestEnded,
  type EndedRequest,
  type RequestEndDeps,
  type RequestEndHook,
  type RequestOutcome,
} from './end-hooks';
