import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { badRequest, ok } from '@/testing/apiFixtures';
import { project, PROJECT_SIZES, SERVICE } from './testFixtures';

const SLOW = { timeout: 8000 };
// Typing a whole project into the form takes a few seconds on a slow machine.
vi.setConfig({ testTimeout: 20_000 });
const user = () => userEvent.setup({ applyAccept: false });
const png = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

interface Sent {
  fields: Record<string, string[]>;
  images: File[];
  files: File[];
}

/** Answers F03 or F04 and keeps what each multipart body held. */
function recordMultipart(method: 'post', path: string, answer: () => Response) {
  const sent: Sent[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string[]> = {};
      const images: File[] = [];
      const files: File[] = [];
      for (const [name, value] of form.entries()) {
        if (typeof value !== 'string') (name === 'images' ? images : files).push(value);
        else (fields[name] ??= []).push(value);
      }
      sent.push({ fields, images, files });
      return answer();
    }),
  );
  return sent;
}

function useFreelancerAnswers() {
  useScenario('freelancer');
  server.use(
    http.get('*/api/account/freelancer/project-size/all/', () => HttpResponse.json(PROJECT_SIZES)),
    http.get('*/api/account/freelancer/projects/:id/details/', () => HttpResponse.json(ok(project()))),
    http.get('*/api/account/freelancer/service/:id/projects/all/', () =>
      HttpResponse.json(ok({ items: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } })),
    ),
  );
}

async function fillProject() {
  const u = user();
  await u.type(await screen.findByLabelText(/^Project title/, {}, SLOW), 'Churn model for a subscription box');
  await u.type(
    screen.getByLabelText(/^Description/),
    'Built a churn model on three years of orders and surveys; retention offers now reach the right customers.',
  );
  await u.click(await screen.findByRole('radio', { name: 'Large ($25,000 to $100,000)' }));
  fireEvent.change(screen.getByLabelText(/^Started on/), { target: { value: '2025-09-01' } });
  return u;
}

describe('/dashboard/services/{sid}/projects/add/', () => {
  it('sends the project as multipart with the chosen images, after previews and a removal', async () => {
    useFreelancerAnswers();
    const sent = recordMultipart('post', '*/api/account/freelancer/projects/add/', () =>
      HttpResponse.json(ok(project({ id: '9a3f6c21-5b7e-4d2a-8c1f-3e6b9d0a7f52' }), 'Project added.'), { status: 201 }),
    );
    const app = renderApp(`/dashboard/services/${SERVICE}/projects/add/`);
    const u = await fillProject();

    await u.upload(screen.getByLabelText('Choose images'), [png('cover.png'), png('extra.png'), png('second.png')]);
    const previews = screen.getByRole('list', { name: 'Images of the project' });
    expect(within(previews).getAllByRole('listitem')).toHaveLength(3);
    await u.click(screen.getByRole('button', { name: 'Remove extra.png' }));
    expect(within(previews).getAllByRole('listitem')).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields).toEqual({
      serviceSlug: [SERVICE],
      title: ['Churn model for a subscription box'],
      description: [
        'Built a churn model on three years of orders and surveys; retention offers now reach the right customers.',
      ],
      projectSize: ['large'],
      startedOn: ['2025-09-01'],
    });
    expect(sent[0]!.images).toHaveLength(2);
    expect(sent[0]!.images.every((file) => file.type === 'image/png')).toBe(true);
    expect(await screen.findByText('Project added.', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(app.location()).toBe(
        `/dashboard/services/${SERVICE}/projects/9a3f6c21-5b7e-4d2a-8c1f-3e6b9d0a7f52/details/`,
      ),
    );
  });

  it('asks for an image before sending anything', async () => {
    useFreelancerAnswers();
    const sent = recordMultipart('post', '*/api/account/freelancer/projects/add/', () => HttpResponse.json(ok({})));
    renderApp(`/dashboard/services/${SERVICE}/projects/add/`);
    const u = await fillProject();
    await u.click(screen.getByRole('button', { name: 'Add project' }));
    expect(await screen.findByText('Add at least one image of the project.', {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows a 400 next to the fields it names and keeps everything typed and chosen', async () => {
    useFreelancerAnswers();
    recordMultipart('post', '*/api/account/freelancer/projects/add/', () =>
      badRequest([
        { field: 'title', message: 'is already the title of another of your projects' },
        { field: 'images.0', message: 'must be at least 600 pixels wide' },
      ]),
    );
    renderApp(`/dashboard/services/${SERVICE}/projects/add/`);
    const u = await fillProject();
    await u.upload(screen.getByLabelText('Choose images'), [png('cover.png')]);
    await u.click(screen.getByRole('button', { name: 'Add project' }));

    const titleError = await screen.findByText('This is already the title of another of your projects.', {}, SLOW);
    expect(screen.getByLabelText(/^Project title/).getAttribute('aria-describedby')).toContain(
      titleError.closest('p')!.id,
    );
    expect(screen.getByText('must be at least 600 pixels wide')).toBeTruthy();
    expect((screen.getByLabelText(/^Project title/) as HTMLInputElement).value).toBe(
      'Churn model for a subscription box',
    );
    expect(screen.getByRole('button', { name: 'Remove cover.png' })).toBeTruthy();
  });
});

describe('/dashboard/services/{sid}/projects/{pid}/edit/', () => {
  it('starts from the project, removes a kept image and clears an emptied field', async () => {
    useFreelancerAnswers();
    const sent = recordMultipart('post', '*/api/account/freelancer/projects/:id/update/', () =>
      HttpResponse.json(ok(project(), 'Project updated.')),
    );
    renderApp(`/dashboard/services/${SERVICE}/projects/${project().id}/edit/`);
    const title = (await screen.findByLabelText(/^Project title/, {}, SLOW)) as HTMLInputElement;
    expect(title.value).toBe(project().title);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Remove margins.png' }));
    expect(screen.getByText('margins.png (will be removed)')).toBeTruthy();
    await u.clear(screen.getByLabelText(/^Your role/));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields.removeAttachmentIds).toEqual(['8f1b3c6e-2a5d-4f9c-b7e8-1d4a6c9b2e57']);
    expect(sent[0]!.fields.clearFields).toEqual(['role']);
    expect(sent[0]!.fields.title).toEqual([project().title]);
    expect(sent[0]!.images).toHaveLength(0);
  });
});
