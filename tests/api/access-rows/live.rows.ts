import { signedInOnly, type AccessRows } from './rows';

/** The live-events stream: any signed-in account gets it (200, read for its headers only); a visitor 401. */
export const rows: AccessRows = {
  streamMessageEvents: { request: async () => ({ url: '/api/message/events/' }), expected: signedInOnly(200) },
};
