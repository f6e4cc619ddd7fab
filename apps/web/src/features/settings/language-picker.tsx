import { NativeSelect } from '@mantine/core';
import { LANGUAGES, type Language } from '@portal/contract/limits';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/index.ts';
import { useSettings } from '../../lib/settings.ts';
import { useUpdateSettings } from './settings.queries.ts';

/** A native select: it sits on the sign-in page, which should not load a popover library for five options. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language } = useSettings();
  const update = useUpdateSettings();
  return (
    <NativeSelect
      aria-label={t('settings.language')}
      size="xs"
      w={130}
      leftSection={<IconLanguage size={14} />}
      value={language}
      onChange={(event) => update.mutate({ language: event.currentTarget.value as Language })}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      data-testid="language-picker"
    />
  );
}
