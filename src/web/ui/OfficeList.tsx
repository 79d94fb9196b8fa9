import type { ReactNode } from 'react';
import { useStateName } from '@/lib/places';
import { countryName } from '@/lib/format';

/** What an office shows in a list: the business's own label and street when the list has them. */
export interface OfficeSummary {
  id: string;
  label?: string | null;
  line1?: string | null;
  city: string;
  state?: string | null;
  country: string;
  isHeadquarters: boolean;
}

/** What a list row shows beside an office (an Edit button) and below it (its edit form). */
export interface OfficeExtras<T extends OfficeSummary> {
  /** Controls shown at the end of the office's line; `place` is the office written out. */
  renderActions?: (office: T, place: string) => ReactNode;
  /** Shown below the office's line, across the row. */
  renderBelow?: (office: T, place: string) => ReactNode;
}

function Office<T extends OfficeSummary>({ office, renderActions, renderBelow }: { office: T } & OfficeExtras<T>) {
  const stateName = useStateName(office.country, office.state);
  const place = [office.label, office.line1, office.city, stateName, countryName(office.country)]
    .filter(Boolean)
    .join(', ');
  const below = renderBelow?.(office, place);
  return (
    <li className="office-list__item">
      <span className="office-list__place">{place}</span>
      <span className="office-list__side">
        {office.isHeadquarters && <span className="office-list__badge">Headquarters</span>}
        {renderActions?.(office, place)}
      </span>
      {below ? <div className="office-list__below">{below}</div> : null}
    </li>
  );
}

/** A business's saved offices, with state and country by name ("Leeds, England, United Kingdom"). */
export function OfficeList<T extends OfficeSummary>({
  offices,
  ...extras
}: { offices: readonly T[] } & OfficeExtras<T>) {
  return (
    <ul className="office-list" aria-label="Your offices">
      {offices.map((office) => (
        <Office key={office.id} office={office} {...extras} />
      ))}
    </ul>
  );
}
