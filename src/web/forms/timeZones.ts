/** The IANA time zones this browser knows, grouped by region and named for people. */

export interface TimeZoneChoice {
  /** The IANA name the answer stores (`Europe/Lisbon`). */
  value: string;
  /** "Lisbon (GMT+0)", "Indianapolis, Indiana (GMT-5)". */
  label: string;
  /** Lower-case words a search matches against: the label and the IANA name. */
  words: string;
}

export interface TimeZoneGroup {
  region: string;
  zones: TimeZoneChoice[];
}

const REGIONS: Record<string, string> = {
  Africa: 'Africa',
  America: 'Americas',
  Antarctica: 'Antarctica',
  Arctic: 'Arctic',
  Asia: 'Asia',
  Atlantic: 'Atlantic',
  Australia: 'Australia',
  Europe: 'Europe',
  Indian: 'Indian Ocean',
  Pacific: 'Pacific',
};
const OTHER = 'Other';

/**
 * Places renamed since the runtime's (CLDR's) canonical names were fixed: browsers still list
 * Asia/Calcutta, so a person looking for Kolkata finds it under today's name (the old one matches too).
 */
const RENAMED: Record<string, string> = {
  Asmera: 'Asmara',
  Calcutta: 'Kolkata',
  Enderbury: 'Kanton',
  Faeroe: 'Faroe',
  Godthab: 'Nuuk',
  Katmandu: 'Kathmandu',
  Kiev: 'Kyiv',
  Ponape: 'Pohnpei',
  Rangoon: 'Yangon',
  Saigon: 'Ho Chi Minh City',
  Truk: 'Chuuk',
};

/** The runtime's list, with UTC (some runtimes leave it out) and the browser's own zone. */
export function supportedTimeZones(): string[] {
  const zones = new Set<string>(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  const own = browserTimeZone();
  if (own) zones.add(own);
  return [...zones];
}

/** The zone the browser runs in, or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((item) => item.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires, Argentina"; "UTC" stays. */
export function zonePlace(zone: string): string {
  const [, ...rest] = zone.split('/');
  if (rest.length === 0) return zone === 'UTC' ? 'UTC (Coordinated Universal Time)' : zone.replace(/_/g, ' ');
  return rest
    .reverse()
    .map((part) => RENAMED[part] ?? part.replace(/_/g, ' '))
    .join(', ');
}

export function zoneLabel(zone: string, now: Date = new Date()): string {
  const offset = zone === 'UTC' ? '' : offsetOf(zone, now);
  return offset ? `${zonePlace(zone)} (${offset})` : zonePlace(zone);
}

/** Every zone in its region, regions and places in alphabetical order, "Other" (UTC) last. */
export function timeZoneGroups(
  zones: readonly string[] = supportedTimeZones(),
  now: Date = new Date(),
): TimeZoneGroup[] {
  const byRegion = new Map<string, TimeZoneChoice[]>();
  for (const zone of zones) {
    const region = REGIONS[zone.split('/')[0] ?? ''] ?? OTHER;
    const label = zoneLabel(zone, now);
    const list = byRegion.get(region) ?? [];
    list.push({ value: zone, label, words: `${label} ${zone.replace(/_/g, ' ')}`.toLowerCase() });
    byRegion.set(region, list);
  }
  return [...byRegion]
    .sort(([a], [b]) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b)))
    .map(([region, list]) => ({ region, zones: list.sort((a, b) => a.label.localeCompare(b.label)) }));
}

let pageGroups: TimeZoneGroup[] | undefined;

/** The groups of this runtime, worked out once per page (a few hundred formatters are not free). */
export function cachedTimeZoneGroups(): TimeZoneGroup[] {
  pageGroups ??= timeZoneGroups();
  return pageGroups;
}

/** The groups with only the zones whose words contain every word of the query (and `keep`, the current answer). */
export function filterTimeZones(groups: readonly TimeZoneGroup[], query: string, keep?: string): TimeZoneGroup[] {
  const needles = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (needles.length === 0) return [...groups];
  return groups
    .map((group) => ({
      region: group.region,
      zones: group.zones.filter(
        (zone) => zone.value === keep || needles.every((needle) => zone.words.includes(needle)),
      ),
    }))
    .filter((group) => group.zones.length > 0);
}
