import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import type { CatalogueOption } from './catalogueLists';
import { ManyOptions } from './ManyOptionsWidget';
import { ToolPickerWidget } from './ToolPickerWidget';

const TOOLS: CatalogueOption[] = [
  { value: 1, label: 'NetSuite' },
  { value: 2, label: 'NetSpend' },
  { value: 3, label: 'Power BI' },
];
/** Over the length where checkboxes give way to a search. */
const LANGUAGES: CatalogueOption[] = [
  'English',
  'French',
  'Frisian',
  'German',
  'Greek',
  'Hindi',
  'Italian',
  'Japanese',
  'Korean',
  'Latvian',
  'Malay',
  'Norwegian',
  'Polish',
  'Portuguese',
  'Romanian',
  'Russian',
  'Serbian',
  'Slovak',
  'Spanish',
  'Swahili',
  'Swedish',
  'Thai',
  'Turkish',
  'Ukrainian',
  'Vietnamese',
].map((label) => ({ value: label.toLowerCase(), label }));

/** The lists as the catalogue answered them earlier: kept fresh, so the widgets ask nothing. */
function catalogueClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['catalogue-options', 'tool'], TOOLS);
  client.setQueryData(['catalogue-options', 'language'], LANGUAGES);
  return client;
}

function renderWidget(
  Widget: (props: WidgetProps) => React.ReactNode,
  props: Partial<WidgetProps> & { schema: WidgetProps['schema'] },
) {
  const onChange = vi.fn();
  const all = {
    id: 'root_field',
    name: 'field',
    value: [],
    onChange,
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    options: {},
    label: 'Field',
    disabled: false,
    readonly: false,
    rawErrors: [],
    registry: {},
    ...props,
  } as unknown as WidgetProps;
  const client = catalogueClient();
  const withCatalogue = (node: React.ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const view = render(withCatalogue(<Widget {...all} />));
  return {
    onChange,
    rerender: (next: Partial<WidgetProps>) => view.rerender(withCatalogue(<Widget {...all} {...next} />)),
  };
}

describe('ToolPickerWidget', () => {
  const schema = { type: 'array', 'x-options': 'tool' } as WidgetProps['schema'];

  it('suggests the tools matching what is typed, leaving out those chosen, and adds the one picked', async () => {
    const { onChange } = renderWidget(ToolPickerWidget, { schema, value: [2] });
    const search = screen.getByRole('searchbox');
    expect(search.getAttribute('placeholder')).toBe('Search tools');
    await userEvent.type(search, ' net ');
    const matching = screen.getByRole('list', { name: 'Matching tools' });
    expect(
      within(matching)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['NetSuite']);
    await userEvent.click(within(matching).getByRole('button', { name: 'NetSuite' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Matching tools' })).toBeNull();
  });

  it('shows the chosen tools as chips that remove them, and says nothing when no tool matches', async () => {
    const { onChange } = renderWidget(ToolPickerWidget, { schema, value: [3, 99], placeholder: 'e.g. NetSuite' });
    const chips = screen.getByRole('list', { name: 'Chosen tools' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Power BI×', 'Tool 99×']);
    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe('e.g. NetSuite');
    expect(screen.getByRole('button', { name: 'Remove tool' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Power BI' }));
    expect(onChange).toHaveBeenLastCalledWith([99]);
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.queryByRole('list', { name: 'Matching tools' })).toBeNull();
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
  });

  it('is disabled when read only, and when its list is unknown', () => {
    const { rerender } = renderWidget(ToolPickerWidget, { schema, value: [1], readonly: true });
    expect((screen.getByRole('searchbox') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove NetSuite' }) as HTMLButtonElement).disabled).toBe(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    rerender({ readonly: false, schema: { type: 'array', 'x-options': 'gadget' } as WidgetProps['schema'] });
    expect((screen.getByRole('searchbox') as HTMLInputElement).disabled).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"gadget"'));
    error.mockRestore();
  });
});

describe('ManyOptions with a long list', () => {
  const schema = { type: 'array', 'x-options': 'language', description: 'The languages you work in.' };

  it('searches the options by label, at most eight, and adds the one picked', async () => {
    const { onChange } = renderWidget(ManyOptions, { schema: schema as WidgetProps['schema'], value: ['french'] });
    const search = screen.getByRole('searchbox');
    expect(search.getAttribute('placeholder')).toBe('Type to search');
    expect(search.getAttribute('aria-labelledby')).toBe('root_field__label');
    expect(search.getAttribute('aria-describedby')).toBe('root_field__description');
    expect(search.getAttribute('aria-controls')).toBeNull();
    await userEvent.type(search, 'r');
    const matching = screen.getByRole('list', { name: 'Matching options' });
    expect(matching.id).toBe('root_field-suggestions');
    expect(search.getAttribute('aria-controls')).toBe('root_field-suggestions');
    const offered = within(matching)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual(['Frisian', 'German', 'Greek', 'Korean', 'Norwegian', 'Portuguese', 'Romanian', 'Russian']);
    await userEvent.click(within(matching).getByRole('button', { name: 'German' }));
    expect(onChange).toHaveBeenLastCalledWith(['french', 'german']);
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('shows the chosen options as chips that remove them, and says when nothing matches', async () => {
    const { onChange } = renderWidget(ManyOptions, {
      schema: schema as WidgetProps['schema'],
      value: ['thai', 'klingon', null],
    });
    const chips = screen.getByRole('list', { name: 'Chosen' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Thai×', 'klingon×']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove klingon' }));
    expect(onChange).toHaveBeenLastCalledWith(['thai']);
    await userEvent.type(screen.getByRole('searchbox'), '  Zulu ');
    expect(screen.getByText('Nothing matches “Zulu”.')).toBeTruthy();
  });

  it('is disabled when read only', () => {
    renderWidget(ManyOptions, { schema: schema as WidgetProps['schema'], value: ['thai'], readonly: true });
    expect((screen.getByRole('searchbox') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove Thai' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
