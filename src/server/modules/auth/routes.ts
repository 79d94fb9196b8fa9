import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';

type CsrfTokenResponse = components['schemas']['CsrfTokenResponse'];

/** The auth tag's operations; the rest of the tag answers 501 until the accounts work lands. */
export const authRoutes: OperationHandlers = {
  /** GET /csrf/: the only call that starts a session, so visitors can then sign up or sign in. */
  getCsrfToken: async (request, reply): Promise<CsrfTokenResponse> => {
    const session = request.session ?? (await reply.createSession());
    reply.header('cache-control', 'no-store');
    return { status: 'success', message: 'OK', data: { csrfToken: session.csrfToken } };
  },
};
