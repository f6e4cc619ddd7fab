import { isCalendarDay } from '@portal/contract/calendar-day';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DayInput } from '../../ui/day-input.tsx';
import { berlinToday } from './books.queries.ts';

/** The day a books report is "at the end of", kept in the address (`?day=`) so the page can be linked; today by default. */
export function useBooksDay(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = isCalendarDay(asked) ? asked : berlinToday();
  return [day, (next) => setParams(next ? { day: next } : {}, { replace: true })];
}

/** The date picker of the books' reports: a past or today's Berlin day. */
export function BooksDayPicker({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <DayInput label={t('books.day')} value={day} max={berlinToday()} onChange={(next) => next && onChange(next)} />
  );
}
