import { useEffect, useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { controlAria } from './fieldIds';
import { browserTimeZone, cachedTimeZoneGroups, filterTimeZones } from './timeZones';

/**
 * A time zone chosen by place: a search box narrows a list grouped by region. An empty answer
 * starts as the browser's own zone, which is almost always the person's.
 */
export function TimeZoneWidget(props: WidgetProps) {
  const { id, value, onChange, options, disabled, readonly, autofocus, placeholder } = props;
  const groups = useMemo(() => cachedTimeZoneGroups(), []);
  const [query, setQuery] = useState('');
  const current = typeof value === 'string' ? value : '';
  const inactive = disabled || readonly;

  useEffect(() => {
    if (current || inactive) return;
    const own = browserTimeZone();
    if (own && groups.some((group) => group.zones.some((zone) => zone.value === own))) onChange(own);
    // Only when the field first shows empty: a zone the person clears stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = filterTimeZones(groups, query, current);
  const matches = shown.reduce(
    (count, group) => count + group.zones.filter((zone) => zone.value !== current).length,
    0,
  );
  const searchId = `${id}__search`;

  return (
    <div className="zone-picker">
      <input
        id={searchId}
        type="search"
        className="field__control zone-picker__search"
        value={query}
        placeholder="Search by city, e.g. Lisbon"
        aria-label="Search time zones by city or region"
        aria-controls={id}
        autoComplete="off"
        disabled={inactive}
        onChange={(event) => setQuery(event.target.value)}
      />
      <select
        id={id}
        className="field__control field__control--select"
        value={current}
        disabled={inactive}
        autoFocus={autofocus}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        {...controlAria(props)}
      >
        <option value="">{placeholder || 'Choose a time zone'}</option>
        {shown.map((group) => (
          <optgroup key={group.region} label={group.region}>
            {group.zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {query.trim() && (
        <p className="field__hint" role="status">
          {matches === 0
            ? `No time zone matches “${query.trim()}”.`
            : `${matches} ${matches === 1 ? 'time zone matches' : 'time zones match'}: choose one from the list.`}
        </p>
      )}
    </div>
  );
}
