import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import { newFreelancerUser } from '../../../../mocks/fixtures/users';
import { renderApp } from '@/testing/renderApp';

const PROFILE = '/api/account/update/profile/';

const png = (name = 'me.png') => new File([new Uint8Array(2048)], name, { type: 'image/png' });

/** The signed-in user: `before` until the save handler calls `saved()`, then `after`. */
function signedInAs(before: unknown, after: unknown) {
  let current = before;
  const handler = http.get('*/api/auth/me/', () =>
    HttpResponse.json({ status: 'success', message: 'OK', data: current }),
  );
  return Object.assign(handler, { saved: () => (current = after) });
}

beforeEach(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
  server.use(...handlersFor('new-freelancer'));
});

describe('Profile setup', () => {
  it('previews the chosen picture and sends it with the names, then goes to the primary service', async () => {
    let sent: FormData | null = null;
    const withImage = { ...newFreelancerUser, profile: { image: '/uploads/avatars/lena.webp' } };
    const me = signedInAs(newFreelancerUser, withImage);
    server.use(
      me,
      http.post(`*${PROFILE}`, async ({ request }) => {
        sent = await request.formData();
        me.saved();
        return HttpResponse.json({
          status: 'success',
          message: 'Profile updated.',
          data: { firstname: 'Lena', lastname: 'Fischer', companyname: null, image: '/uploads/avatars/lena.webp' },
        });
      }),
    );
    const app = renderApp('/auth/su/profile/');
    await screen.findByRole('heading', { level: 1, name: 'Add a profile photo' });
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Lena');
    expect(screen.queryByLabelText(/Company name/)).toBeNull();

    await userEvent.upload(screen.getByLabelText(/Profile photo/), png());
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' }).getAttribute('src')).toBe('blob:preview');

    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(app.location()).toBe('/auth/su/freelancer/primary-service/'));
    expect(sent!.get('firstname')).toBe('Lena');
    expect(sent!.get('lastname')).toBe('Fischer');
    // The picture goes as a file part beside the names.
    expect(typeof sent!.get('image')).toBe('object');
    expect(sent!.has('removeImage')).toBe(false);
  });

  it('refuses a file that is not an image before sending anything', async () => {
    renderApp('/auth/su/profile/');
    await screen.findByRole('heading', { level: 1, name: 'Add a profile photo' });
    const input = screen.getByLabelText(/Profile photo/);
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(screen.getByText('notes.txt is not a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('img', { name: 'Preview of the chosen image' })).toBeNull();
  });

  it('asks for a picture before a freelancer goes on', async () => {
    renderApp('/auth/su/profile/');
    await screen.findByRole('heading', { level: 1, name: 'Add a profile photo' });
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose a photo to continue.')).toBeTruthy();
  });

  it("shows the server's refusal of the image next to the picker", async () => {
    server.use(
      answer(
        'UpdateProfile',
        {
          status: 'error',
          message: 'Some fields are not valid.',
          code: 'validation_failed',
          errors: [{ field: 'image', message: 'The image must be at least 200 x 200 pixels.' }],
        },
        400,
      ),
    );
    const app = renderApp('/auth/su/profile/');
    await screen.findByRole('heading', { level: 1, name: 'Add a profile photo' });
    await userEvent.upload(screen.getByLabelText(/Profile photo/), png('tiny.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The image must be at least 200 x 200 pixels.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some fields are not valid.');
    expect(screen.getByLabelText(/Profile photo/).getAttribute('aria-invalid')).toBe('true');
    expect(app.location()).toBe('/auth/su/profile/');
  });
});
