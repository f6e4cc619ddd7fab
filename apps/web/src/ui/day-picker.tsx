import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import type { Language } from '@portal/contract/limits';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayInputProps } from './day-input.tsx';
import { DAY_FORMATS, parseTypedDay } from './days.ts';

/** dayjs's locale for each language (English as in Britain, like the app's other dates), loaded when first shown. */
const DAYJS_LOCALES: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  de: { name: 'de', load: () => import('dayjs/locale/de.js') },
  en: { name: 'en-gb', load: () => import('dayjs/locale/en-gb.js') },
  tr: { name: 'tr', load: () => import('dayjs/locale/tr.js') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr.js') },
  nl: { name: 'nl', load: () => import('dayjs/locale/nl.js') },
};
const localeLoads = new Map<Language, Promise<unknown>>();

function loadLocale(language: Language): Promise<unknown> {
  const loading = localeLoads.get(language) ?? DAYJS_LOCALES[language].load();
  localeLoads.set(language, loading);
  return loading;
}

/**
 * Mantine's date field in the app's language: typed in the language's own form (`31.01.2026`) or picked from its
 * calendar (month and weekday names, Monday first), holding the `YYYY-MM-DD` day the API takes. Loaded with its
 * language's names on first use (ui/day-input.tsx), so screens without a date field never fetch it.
 */
export function DayPicker({ value, onChange, min, max, ...field }: DayInputProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language in DAYJS_LOCALES ? i18n.language : 'de') as Language;
  use(loadLocale(language));
  return (
    <DateInput
      {...field}
      locale={DAYJS_LOCALES[language].name}
      valueFormat={DAY_FORMATS[language]}
      dateParser={parseTypedDay}
      placeholder={t('form.dayPlaceholder')}
      previousLabel={t('form.calendarPrevious')}
      nextLabel={t('form.calendarNext')}
      clearButtonProps={{ 'aria-label': t('form.clearDate') }}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      // Days outside min–max are greyed in the calendar only: as minDate/maxDate Mantine would also ignore a typed
      // day outside them, and the bounds may be a render behind when both ends of a period are typed in a row.
      getDayProps={(day) => ({ disabled: (!!min && day < min) || (!!max && day > max) })}
    />
  );
}
