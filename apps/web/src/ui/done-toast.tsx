import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hideNotification, notify, notifyError } from '../lib/notify.ts';

/** Taking an action back: the call that restores the state before it, and the toast that says so. */
export interface UndoAction {
  run: () => Promise<unknown>;
  message: string;
}

/** Long enough to read the toast and reach its Undo button; without undo a toast goes as fast as any other. */
export const UNDO_WINDOW_MS = 12_000;
let seq = 0;

/** The green toast after a confirmed action, with an Undo button where the action allows it. */
export function notifyDone({ message, undo }: { message: string; undo?: UndoAction }): void {
  if (!undo) {
    notify({ color: 'teal', message });
    return;
  }
  seq += 1;
  const id = `done-${seq}`;
  notify({
    id,
    color: 'teal',
    autoClose: UNDO_WINDOW_MS,
    message: <UndoableMessage id={id} message={message} undo={undo} />,
  });
}

function UndoableMessage({ id, message, undo }: { id: string; message: string; undo: UndoAction }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  async function takeBack() {
    setRunning(true);
    try {
      await undo.run();
      notify({ color: 'teal', message: undo.message });
    } catch (error) {
      notifyError(error);
    } finally {
      hideNotification(id);
    }
  }
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" loading={running} onClick={takeBack}>
        {t('safeActions.undo')}
      </Button>
    </Group>
  );
}
