import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RJSFSchema } from '@rjsf/utils';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { getGetMeQueryOptions } from '../api/generated/auth/auth';
import { ThemedForm } from './theme';
import type { JsonObject } from './types';
import { rememberUploadedFile, UPLOADED_FILES_KEY } from './uploadedFiles';
import { formValidator } from './validator';

const UPLOAD_URL = '/api/uploads/attachments/';

const schema = (maxItems = 3): JsonObject => ({
  type: 'object',
  properties: {
    attachments: {
      type: 'array',
      title: 'Attachments',
      maxItems,
      uniqueItems: true,
      items: { type: 'string', format: 'uuid' },
    },
  },
});

function renderWidget(options: { maxItems?: number; formData?: JsonObject; client?: QueryClient } = {}) {
  const onChange = vi.fn();
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemedForm
        schema={schema(options.maxItems) as RJSFSchema}
        uiSchema={{ attachments: { 'ui:widget': 'AttachmentUpload', 'ui:help': 'Briefs and mock-ups.' } }}
        formData={options.formData}
        validator={formValidator}
        onChange={(event) => onChange(event.formData)}
      />
    </QueryClientProvider>,
  );
  return onChange;
}

/**
 * Answers each upload as the server does, with a fresh id; keeps the files it received. jsdom's
 * File loses its name on the way through this environment's fetch (a browser keeps it), so the
 * names the server would answer are given in order.
 */
function acceptUploads(names: string[] = [], wait?: Promise<void>) {
  const received: File[] = [];
  server.use(
    http.post(UPLOAD_URL, async ({ request }) => {
      const file = (await request.formData()).get('file') as File;
      const name = names[received.length] ?? file.name;
      received.push(file);
      if (wait) await wait;
      const id = crypto.randomUUID();
      return HttpResponse.json(
        {
          status: 'success',
          message: 'File uploaded.',
          data: { id, name, url: `/api/uploads/${id}/${name}`, size: file.size, contentType: file.type },
        },
        { status: 201 },
      );
    }),
  );
  return received;
}

const pdf = (name = 'brief.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const user = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByLabelText(/^Attachments/) as HTMLInputElement;
const lastIds = (onChange: ReturnType<typeof vi.fn>) =>
  (onChange.mock.calls.at(-1)?.[0] as { attachments?: string[] }).attachments;

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('AttachmentUploadWidget', () => {
  it('uploads a chosen file, shows it while pending and then by name, and keeps its id as the value', async () => {
    let release!: () => void;
    const received = acceptUploads(['scope.pdf'], new Promise<void>((resolve) => (release = resolve)));
    const onChange = renderWidget();

    await user().upload(input(), pdf('scope.pdf'));
    expect(await screen.findByText(/Uploading/)).toBeTruthy();
    release();

    const list = await screen.findByRole('list', { name: 'Attached files' });
    await waitFor(() => expect(within(list).queryByText(/Uploading/)).toBeNull());
    expect(within(list).getByText('scope.pdf')).toBeTruthy();
    expect(received).toHaveLength(1);
    expect(lastIds(onChange)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    // The name outlives the visit beside the draft.
    expect(window.localStorage.getItem(UPLOADED_FILES_KEY)).toContain('scope.pdf');
  });

  it('refuses a wrong type or a file over 10 MB before sending it, and says so beside the file', async () => {
    const received = acceptUploads();
    const onChange = renderWidget();
    await user().upload(input(), [
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
      pdf('huge.pdf', 10 * 1024 * 1024 + 1),
      new File([], 'empty.csv', { type: 'text/csv' }),
    ]);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringMatching(/setup\.exe is not a PDF, Word, Excel/),
      'huge.pdf is larger than 10 MB.',
      'empty.csv is empty.',
    ]);
    expect(received).toEqual([]);
    expect(onChange.mock.calls.every(([data]) => !(data as JsonObject).attachments)).toBe(true);

    await user().click(screen.getByRole('button', { name: 'Dismiss setup.exe' }));
    expect(screen.queryByText(/setup\.exe/)).toBeNull();
  });

  it('shows the server’s refusal beside the file', async () => {
    server.use(
      http.post(UPLOAD_URL, () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Please correct the highlighted fields.',
            code: 'validation_failed',
            errors: [
              {
                field: 'file',
                message: 'must be a PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP or ZIP file',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderWidget();
    await user().upload(input(), pdf('fake.pdf'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The file must be a PDF.*file\.$/);
  });

  it('sends CSV and TXT with their own type whatever the system called them', async () => {
    const received = acceptUploads();
    renderWidget();
    await user().upload(input(), new File(['a,b\n1,2\n'], 'orders.csv', { type: 'application/vnd.ms-excel' }));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.type).toBe('text/csv');
  });

  it('takes files dropped on the zone', async () => {
    const received = acceptUploads();
    renderWidget();
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [pdf('dropped.pdf')] } });
    expect(await screen.findByText('dropped.pdf')).toBeTruthy();
    await waitFor(() => expect(received).toHaveLength(1));
  });

  it('takes no more files than the schema’s maxItems, and turns the picker off when full', async () => {
    const received = acceptUploads();
    const onChange = renderWidget({ maxItems: 2 });
    await user().upload(input(), [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    expect((await screen.findByRole('alert')).textContent).toBe('You can attach up to 2 files; one was left out.');
    await waitFor(() => expect(lastIds(onChange)).toHaveLength(2));
    expect(received).toHaveLength(2);
    expect(input().disabled).toBe(true);
  });

  it('shows ids restored from a draft by the name this browser remembers, and removes them', async () => {
    const known = '3b1e4d8a-9c6f-4e2b-8a1d-4c337f9c2a54';
    const unknown = '7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33';
    rememberUploadedFile(known, { name: 'requirements.pdf', size: 184320 });
    const onChange = renderWidget({ formData: { attachments: [known, unknown] } });

    const list = screen.getByRole('list', { name: 'Attached files' });
    expect(within(list).getByText('requirements.pdf')).toBeTruthy();
    expect(within(list).getByText('180 KB')).toBeTruthy();
    expect(within(list).getByText('Uploaded file 2')).toBeTruthy();

    await user().click(screen.getByRole('button', { name: 'Remove requirements.pdf' }));
    expect(lastIds(onChange)).toEqual([unknown]);
  });

  it('asks a visitor to sign in first instead of offering a picker that cannot upload', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The app's session check has answered 401 (the default scenario is a visitor).
    await client.prefetchQuery(getGetMeQueryOptions());
    renderWidget({ client });
    expect(screen.getByText(/Sign in or create your client account to attach files/)).toBeTruthy();
    expect(input().disabled).toBe(true);
  });
});
