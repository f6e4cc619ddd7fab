import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitError } from './form-kit.tsx';

/** What a rejection says at most, as every reject call's contract allows. */
const REASON_MAX = 500;

/**
 * Refusing something with a reason (a registration, a reclamation): the reason is required, the refusal's own
 * error shows in the dialog, and the dialog closes once the caller's call succeeded.
 */
export function ReasonDialog({
  title,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Sends the trimmed reason; the caller closes the dialog on success. */
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = touched && reason.trim() === '';
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (reason.trim() !== '') onSubmit(reason.trim());
        }}
      >
        <Stack>
          <Textarea
            label={label}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={missing ? t('form.required') : undefined}
            data-autofocus
          />
          <SubmitError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
