import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmRequest } from './confirm-action.tsx';
import { notifyDone } from './done-toast.tsx';
import { SubmitError } from './form-kit.tsx';

/**
 * The confirmation of a consequential action (see confirm-action.tsx). Mantine's modal is a labelled dialog that
 * traps the focus, closes on Escape and gives the focus back to the button that opened it.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const cancel = () => {
    // While the action is on its way the answer decides; closing then would hide a refusal.
    if (!running) onClose();
  };
  async function confirm() {
    setRunning(true);
    setError(null);
    let result: unknown;
    try {
      result = await request.run();
    } catch (e) {
      setRunning(false);
      setError(e);
      return;
    }
    onClose();
    notifyDone(typeof request.done === 'function' ? request.done(result) : request.done);
  }
  return (
    <Modal opened onClose={cancel} title={request.title} closeOnClickOutside={!running} closeOnEscape={!running}>
      <Stack gap="md">
        <Text component="div" data-testid="confirm-consequence">
          {request.consequence}
        </Text>
        <SubmitError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={running} data-autofocus={request.danger || undefined}>
            {t('common.cancel')}
          </Button>
          <Button
            color={request.danger ? 'red' : undefined}
            loading={running}
            onClick={confirm}
            data-autofocus={request.danger ? undefined : true}
          >
            {request.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
