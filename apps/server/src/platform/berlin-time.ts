import { TIME_ZONE } from '@portal/contract/format';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`) an instant falls on in Berlin: reports and Z reports count by it. */
export const berlinDate = (at: Date): string => dayFormat.format(at);

/** Midnight of a calendar day in Berlin time (reports filter by the day the user sees). */
export function berlinDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(utcMidnight)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '');
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant as Berlin wall-clock time, `YYYY-MM-DD HH:mm:ss` (exports). */
export const berlinDateTime = (at: Date): string => dateTimeFormat.format(at);
