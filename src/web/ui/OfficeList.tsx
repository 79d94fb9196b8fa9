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

function Office({ office }: { office: OfficeSummary }) {
  const stateName = useStateName(office.country, office.state);
  const place = [office.label, office.line1, office.city, stateName, countryName(office.country)];
  return (
    <li className="office-list__item">
      <span>{place.filter(Boolean).join(', ')}</span>
      {office.isHeadquarters && <span className="office-list__badge">Headquarters</span>}
    </li>
  );
}

/** A business's saved offices, with state and country by name ("Leeds, England, United Kingdom"). */
export function OfficeList({ offices }: { offices: readonly OfficeSummary[] }) {
  return (
    <ul className="office-list" aria-label="Your offices">
      {offices.map((office) => (
        <Office key={office.id} office={office} />
      ))}
    </ul>
  );
}
