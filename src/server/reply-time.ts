/** Reply times and date ranges of the requests the marketplace's teams answer (products, website). */
const DAY_MS = 24 * 60 * 60 * 1000;

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/**
 * One business day after `from`, at the same time of day: the next day, moved on past a
 * Saturday and a Sunday. Friday 10:00 and Saturday 10:00 both give Monday 10:00.
 */
export function oneBusinessDayAfter(from: Date): Date {
  let next = new Date(from.getTime() + DAY_MS);
  while (isWeekend(next)) next = new Date(next.getTime() + DAY_MS);
  return next;
}

/** `YYYY-MM-DD` of a moment in UTC. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The dates a start date may take, as `YYYY-MM-DD`: "today or later, at most a year ahead"
 * for the caller wherever they are. Today somewhere on Earth runs from UTC-12 to UTC+14, so the
 * range opens a day before today in UTC and closes a year after tomorrow in UTC.
 */
export function startDateRange(now: Date): { earliest: string; latest: string } {
  const earliest = new Date(now.getTime() - DAY_MS);
  const latest = new Date(now.getTime() + DAY_MS);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return { earliest: isoDate(earliest), latest: isoDate(latest) };
}

/** A reply time as emails state it: `Monday 30 November at 10:00 UTC`. */
export const replyDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
