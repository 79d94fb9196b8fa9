import { emailListService } from '../../../src/server/modules/messages/email-lists';
import { createAccount, uniqueEmail } from '../helpers';
import { everyone, signedInOnly, type AccessRows } from './rows';

/** Contact us (W02), the one-click unsubscribe and the email preferences (W04). */
export const rows: AccessRows = {
  submitContactUs: {
    request: async () => ({
      method: 'POST',
      url: '/api/website/contact-us/',
      payload: {
        name: 'Tomasz Nowak',
        email: uniqueEmail('contact'),
        topic: 'general',
        subject: 'A question about plans',
        message: 'Which plan lets a team of five answer requests together?',
      },
    }),
    expected: everyone(201),
  },
  // A mail provider posts without cookies or CSRF token: the link's token is the proof.
  unsubscribeOneClick: {
    request: async (app) => {
      const account = await createAccount(app, 'freelancer');
      const token = emailListService(app).tokens.issue(account.user.id);
      return {
        method: 'POST',
        url: `/api/website/unsubscribe/one-click/?token=${token}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
    expected: everyone(200),
  },
  getEmailPreferences: {
    request: async () => ({ method: 'GET', url: '/api/account/email-preferences/' }),
    expected: signedInOnly(200),
  },
  updateEmailPreferences: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/email-preferences/update/',
      payload: { 'job-alerts': false },
    }),
    expected: signedInOnly(200),
  },
};
