import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RJSFSchema } from '@rjsf/utils';
import { server } from '../../../mocks/node';
import { answer } from '../../../mocks/handlers';
import { withCatalogueWidgets } from './catalogueUi';
import { ThemedForm } from './theme';
import type { JsonObject } from './types';
import { formValidator } from './validator';

const deliverables = answer('ListDataAndAnalyticsOptions', {
  status: 'success',
  message: 'OK',
  data: [
    { id: 1, slug: 'dashboard', label: 'Interactive dashboard' },
    { id: 2, slug: 'report', label: 'Written report' },
  ],
});

function renderForm(schema: JsonObject, onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemedForm
        schema={schema as RJSFSchema}
        uiSchema={withCatalogueWidgets(schema, {})}
        validator={formValidator}
        onChange={(event) => onChange(event.formData)}
      />
    </QueryClientProvider>,
  );
  return onChange;
}

afterEach(() => vi.restoreAllMocks());

describe('CatalogueOptionsWidget', () => {
  it('offers the options the catalogue answers for its list, as checkboxes for a list answer', async () => {
    server.use(deliverables);
    const onChange = renderForm({
      type: 'object',
      properties: {
        deliverables: {
          type: 'array',
          title: 'What should you receive?',
          'x-options': 'data-and-analytics/deliverable',
          items: { type: 'string' },
        },
      },
    });
    const group = screen.getByRole('group', { name: /What should you receive/ });
    await userEvent.click(await within(group).findByRole('checkbox', { name: 'Written report' }));
    expect(within(group).getByRole('checkbox', { name: 'Interactive dashboard' })).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith({ deliverables: ['report'] });
  });

  it('disables a field whose list no catalogue call answers, and says why in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderForm({
      type: 'object',
      properties: { colour: { type: 'string', title: 'Colour', 'x-options': 'favourite-colour' } },
    });
    const select = screen.getByLabelText(/Colour/) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"favourite-colour"'));
  });
});
