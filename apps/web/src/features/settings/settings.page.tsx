import {
  Alert,
  CheckIcon,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { UserSettings } from '@portal/contract/auth';
import { LANGUAGES, TEMPLATE_COLOURS } from '@portal/contract/limits';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/index.ts';
import { useSession } from '../../lib/session.ts';
import { LAYOUT_OPTIONS, THEME_OPTIONS, useSettings } from '../../lib/settings.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useUpdateSettings } from './settings.queries.ts';

/** Template 1 pairs the colour with a dark menu, template 5 with a pale background; the swatch shows both. */
function swatchBackground(template: number, colour: string): string {
  if (template === 1) return `linear-gradient(135deg, ${colour} 50%, var(--mantine-color-dark-8) 50%)`;
  if (template === 5) return `radial-gradient(circle, ${colour} 58%, color-mix(in srgb, ${colour} 14%, white) 60%)`;
  return colour;
}

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { session } = useSession();
  const update = useUpdateSettings();
  const change = (patch: Partial<UserSettings>) => update.mutate(patch);

  const themeLabels = { light: t('settings.themeLight'), dark: t('settings.themeDark') };
  const layoutLabels = { horizontal: t('settings.layoutHorizontal'), vertical: t('settings.layoutVertical') };
  const receiptSwitches = [
    ['show_print_popup', t('settings.showPrintPopup')],
    ['merge_receipts', t('settings.mergeReceipts')],
    ['download_csv', t('settings.downloadCsv')],
  ] as const;

  return (
    <>
      <PageHeader title={t('screen.settings')} description={t('settings.description')} />
      <Stack maw={760}>
        {!session && (
          <Alert icon={<IconInfoCircle size={18} />} variant="light">
            {t('settings.localOnly')}
          </Alert>
        )}
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="h4" mb="md">
            {t('settings.appearance')}
          </Title>
          <Stack gap="lg">
            <Setting label={t('settings.language')}>
              <SegmentedControl
                aria-label={t('settings.language')}
                value={settings.language}
                onChange={(value) => change({ language: value as UserSettings['language'] })}
                data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                style={{ flexWrap: 'wrap' }}
              />
            </Setting>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Setting label={t('settings.theme')}>
                <SegmentedControl
                  aria-label={t('settings.theme')}
                  value={settings.theme}
                  onChange={(value) => change({ theme: value as UserSettings['theme'] })}
                  data={THEME_OPTIONS.map((value) => ({ value, label: themeLabels[value] }))}
                />
              </Setting>
              <Setting label={t('settings.layout')}>
                <SegmentedControl
                  aria-label={t('settings.layout')}
                  value={settings.layout}
                  onChange={(value) => change({ layout: value as UserSettings['layout'] })}
                  data={LAYOUT_OPTIONS.map((value) => ({ value, label: layoutLabels[value] }))}
                />
              </Setting>
            </SimpleGrid>
            <Setting label={t('settings.template')}>
              <Group gap="sm" role="radiogroup" aria-label={t('settings.template')}>
                {TEMPLATE_COLOURS.map((colour, template) => {
                  const name = t('settings.templateName', { number: template });
                  const selected = settings.template === template;
                  return (
                    <Tooltip key={name} label={name}>
                      <UnstyledButton
                        role="radio"
                        aria-checked={selected}
                        aria-label={name}
                        onClick={() => change({ template })}
                        w={40}
                        h={40}
                        style={{
                          borderRadius: '50%',
                          display: 'grid',
                          placeItems: 'center',
                          color: '#fff',
                          background: swatchBackground(template, colour),
                          outline: selected ? '2px solid var(--mantine-color-text)' : undefined,
                          outlineOffset: 2,
                        }}
                      >
                        {selected && <CheckIcon width={14} />}
                      </UnstyledButton>
                    </Tooltip>
                  );
                })}
              </Group>
            </Setting>
          </Stack>
        </Paper>
        {session && (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz="h4" mb="md">
              {t('settings.receipts')}
            </Title>
            <Stack>
              {receiptSwitches.map(([key, label]) => (
                <Switch
                  key={key}
                  label={label}
                  checked={settings[key] === 1}
                  onChange={(event) => change({ [key]: event.currentTarget.checked ? 1 : 0 })}
                />
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
