import { Modal, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodValidate } from '../lib/zod-form.ts';
import { ApiForm } from './form-kit.tsx';

/** What a rejection says at most, as every reject call's contract allows. */
const REASON_MAX = 500;

/**
 * Refusing something with a reason (a registration, a reclamation) on the form kit: the call's contract schema
 * checks the reason (required), the refusal's own error shows in the dialog, and the dialog closes on success.
 */
export function ReasonDialog<I, R>({
  title,
  label,
  submitLabel,
  mutation,
  schema,
  toInput,
  onClose,
}: {
  title: string;
  label: string;
  submitLabel: string;
  mutation: UseMutationResult<R, Error, I>;
  /** The call's body schema from the contract; its `reject_reason` rule is the reason's. */
  schema: z.ZodType;
  /** The call's body with the trimmed reason. */
  toInput: (reason: string) => NoInfer<I>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toBody = (v: { reason: string }) => toInput(v.reason.trim());
  const form = useForm({
    initialValues: { reason: '' },
    validate: zodValidate(schema, t, {
      toBody,
      field: (path) => (path === 'reject_reason' ? 'reason' : path),
    }),
  });
  return (
    <Modal opened onClose={onClose} title={title}>
      <ApiForm
        form={form}
        mutation={mutation}
        toInput={toBody}
        onSuccess={onClose}
        submitLabel={submitLabel}
        danger
        onCancel={onClose}
      >
        <Textarea
          label={label}
          required
          autosize
          minRows={3}
          maxLength={REASON_MAX}
          data-autofocus
          {...form.getInputProps('reason')}
        />
      </ApiForm>
    </Modal>
  );
}
