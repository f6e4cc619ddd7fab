import {
  Button,
  FileInput,
  type FileInputProps,
  Group,
  Image,
  Stack,
  Textarea,
  type TextareaProps,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A card's picture of a category or product, or a placeholder of the same height where it has none. */
export function CatalogueImage({ src }: { src: string | null }) {
  return src ? (
    <Image src={src} alt="" h={140} fit="contain" />
  ) : (
    <Group h={140} justify="center" c="dimmed">
      <IconPhoto size={40} aria-hidden />
    </Group>
  );
}

/** The picture upload of a category or product form. */
export function ImageField(props: FileInputProps) {
  const { t } = useTranslation();
  return (
    <FileInput label={t('hardware.image')} accept="image/png,image/jpeg,image/webp,image/gif" clearable {...props} />
  );
}

/** The description of a category or product form. */
export function DescriptionField(props: TextareaProps) {
  const { t } = useTranslation();
  return <Textarea label={t('hardware.description')} autosize minRows={2} {...props} />;
}

/**
 * Below a list of the catalogue: the form for a new entry, or, while one is edited, its form (fresh for each entry)
 * and a button back to a new one.
 */
export function EditOrAdd<T>({
  editing,
  keyOf,
  form,
  newLabel,
  onStop,
}: {
  editing: T | null;
  keyOf: (item: T) => number;
  form: (item: T | undefined, onDone: () => void) => ReactNode;
  newLabel: string;
  onStop: () => void;
}) {
  if (!editing) return form(undefined, () => undefined);
  return (
    <Stack>
      <Fragment key={keyOf(editing)}>{form(editing, onStop)}</Fragment>
      <Button variant="default" onClick={onStop} w="fit-content">
        {newLabel}
      </Button>
    </Stack>
  );
}
