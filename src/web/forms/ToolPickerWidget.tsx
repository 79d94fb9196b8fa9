import type { WidgetProps } from '@rjsf/utils';
import { ChipSearch } from './ChipSearch';
import { controlAria } from './fieldIds';
import { useCatalogueOptions } from './useCatalogueOptions';

/** Tools by name: type to filter the catalogue's tools, pick to add, remove with the chip. */
export function ToolPickerWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema, placeholder } = props;
  const list = typeof schema['x-options'] === 'string' ? schema['x-options'] : 'tool';
  const { known, data = [] } = useCatalogueOptions(list);
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const names = new Map(data.map((tool) => [tool.value, tool.label]));

  return (
    <ChipSearch
      id={id}
      chips={selected.map((tool) => ({
        key: String(tool),
        label: names.get(tool as number) ?? `Tool ${String(tool)}`,
        removeLabel: `Remove ${names.get(tool as number) ?? 'tool'}`,
        remove: () => onChange(selected.filter((item) => item !== tool)),
      }))}
      chipsLabel="Chosen tools"
      suggestionsLabel="Matching tools"
      search={(needle) =>
        data.filter((tool) => !selected.includes(tool.value) && tool.label.toLowerCase().includes(needle))
      }
      pick={(tool) => onChange([...selected, tool.value])}
      placeholder={placeholder || 'Search tools'}
      disabled={Boolean(disabled || readonly || !known)}
      {...controlAria(props)}
    />
  );
}
