import type { WidgetProps } from '@rjsf/utils';
import type { CatalogueOption } from './catalogueLists';
import { CatalogueOptionsWidget } from './CatalogueOptionsWidget';
import { ChipSearch } from './ChipSearch';
import { controlAria, labelId } from './fieldIds';
import { useCatalogueOptions } from './useCatalogueOptions';

const keyOf = (value: unknown) => String(value);

/** Beyond this many options a list of checkboxes is too long to read: a search with chips instead. */
const LONG_LIST = 24;

/** Several answers from a catalogue list: checkboxes, or for a long list (languages) a search. */
export function ManyOptions(props: WidgetProps) {
  const list = String(props.options.catalogueList ?? props.schema['x-options'] ?? '');
  const { data } = useCatalogueOptions(list);
  if (!data || data.length <= LONG_LIST) return <CatalogueOptionsWidget {...props} />;
  return <SearchPicker {...props} all={data} />;
}

function SearchPicker(props: WidgetProps & { all: CatalogueOption[] }) {
  const { id, value, onChange, disabled, readonly, all } = props;
  const selected: unknown[] = Array.isArray(value) ? value.filter((item) => item !== undefined && item !== null) : [];
  const keys = new Set(selected.map(keyOf));
  const labels = new Map(all.map((option) => [keyOf(option.value), option.label]));

  return (
    <ChipSearch
      id={id}
      chips={selected.map((item) => {
        const label = labels.get(keyOf(item)) ?? keyOf(item);
        return {
          key: keyOf(item),
          label,
          removeLabel: `Remove ${label}`,
          remove: () => onChange(selected.filter((other) => keyOf(other) !== keyOf(item))),
        };
      })}
      chipsLabel="Chosen"
      suggestionsLabel="Matching options"
      search={(needle) =>
        all.filter((option) => !keys.has(keyOf(option.value)) && option.label.toLowerCase().includes(needle))
      }
      pick={(option) => onChange([...selected, option.value])}
      placeholder="Type to search"
      disabled={Boolean(disabled || readonly)}
      suggestionsId={`${id}-suggestions`}
      sayNoMatch
      aria-labelledby={labelId(id)}
      {...controlAria(props)}
    />
  );
}

/** The catalogue widget, with a search for long lists of several answers (languages). */
export function CatalogueSearchWidget(props: WidgetProps) {
  return props.schema.type === 'array' ? <ManyOptions {...props} /> : <CatalogueOptionsWidget {...props} />;
}
