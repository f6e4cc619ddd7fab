import { ActionIcon, Button, Checkbox, FileButton, Group, Image, Input, Pill, Stack, Text } from '@mantine/core';
import { isCalendarDay } from '@portal/contract/calendar-day';
import { IMAGE_MAX_CHARS } from '@portal/contract/customer-fields';
import { FEATURE_FLAGS, type FeatureFlag } from '@portal/contract/roles';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';
import { DayInput } from './day-input.tsx';

/** Feature flags as a checkbox list; only the flags this user or customer may be given are offered. */
export function FlagsField({
  offered,
  value,
  onChange,
  error,
}: {
  offered: readonly FeatureFlag[];
  value: readonly string[];
  onChange: (flags: FeatureFlag[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('flags.title')}
      description={t('flags.description')}
      value={[...value]}
      onChange={(next) => onChange(FEATURE_FLAGS.filter((f) => next.includes(f)))}
      error={error}
    >
      <Group mt="xs" gap="sm">
        {offered.map((flag) => (
          <Checkbox key={flag} value={flag} label={t(`flags.${flag}`)} w={260} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/svg+xml,image/webp';

/** An image kept as a data URL (logos, invoice header and footer), with preview, replace and remove. */
export function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);

  function read(file: File | null) {
    if (!file) return;
    if (!IMAGE_TYPES.split(',').includes(file.type)) {
      setProblem(t('form.imageType'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      if (url.length > IMAGE_MAX_CHARS) {
        setProblem(t('form.imageTooLarge'));
        return;
      }
      setProblem(null);
      onChange(url);
    };
    reader.readAsDataURL(file);
  }

  return (
    <Input.Wrapper label={label} error={problem ?? error}>
      <Group gap="sm" mt={4} wrap="nowrap">
        {value ? (
          <Image
            src={value}
            alt={label}
            h={56}
            w={120}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-default-border)"
          />
        ) : (
          <Text size="sm" c="dimmed" w={120}>
            {t('form.noImage')}
          </Text>
        )}
        <FileButton onChange={read} accept={IMAGE_TYPES}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
              {value ? t('form.replaceImage') : t('form.uploadImage')}
            </Button>
          )}
        </FileButton>
        {value && (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onChange(null)}
            aria-label={t('form.removeImage', { label })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Input.Wrapper>
  );
}

/** Holidays: dates added one at a time from a date field (typed or picked), shown in the user's format, each removable. */
export function DatesField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (dates: string[]) => void;
}) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const [next, setNext] = useState('');
  const add = () => {
    if (!isCalendarDay(next) || value.includes(next)) return;
    onChange([...value, next].sort());
    setNext('');
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end">
        <DayInput label={label} value={next} onChange={setNext} clearable />
        <Button variant="default" leftSection={<IconPlus size={14} />} onClick={add} disabled={!next}>
          {t('form.addDate')}
        </Button>
      </Group>
      {value.length > 0 ? (
        <Pill.Group>
          {value.map((d) => (
            <Pill
              key={d}
              withRemoveButton
              onRemove={() => onChange(value.filter((x) => x !== d))}
              removeButtonProps={{ 'aria-label': t('form.removeDate', { date: date(`${d}T12:00:00Z`) }) }}
            >
              {date(`${d}T12:00:00Z`)}
            </Pill>
          ))}
        </Pill.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('customers.noHolidays')}
        </Text>
      )}
    </Stack>
  );
}
