import { useFormatters } from '../lib/format.ts';

export interface DateTimeProps {
  value: string | number | Date;
  dateOnly?: boolean;
}

/** Shown in Berlin time (spec section 1); the machine-readable value stays in the datetime attribute. */
export function DateTime({ value, dateOnly = false }: DateTimeProps) {
  const { date, dateTime } = useFormatters();
  const iso = new Date(value).toISOString();
  return <time dateTime={iso}>{dateOnly ? date(value) : dateTime(value)}</time>;
}
