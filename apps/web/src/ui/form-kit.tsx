import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { describeError, fieldErrors } from '../lib/errors.ts';
import { notify } from '../lib/notify.ts';
import { askToConfirm, type ConfirmRequest } from './confirm-action.tsx';

export interface FormSectionProps {
  title: ReactNode;
  description?: ReactNode;
  /** Columns from the `sm` breakpoint up; one column on phones. */
  cols?: number;
  children: ReactNode;
}

/** A titled group of fields in a bordered box. */
export function FormSection({ title, description, cols = 2, children }: FormSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="h4" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** The error of a failed call, in the user's language; nothing while there is none. */
export function SubmitError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {describeError(t, error)}
    </Alert>
  );
}

export interface ApiFormProps<V, I, R> {
  form: UseFormReturnType<V>;
  /** The feature's mutation hook result; it invalidates what the call changes. */
  mutation: UseMutationResult<R, Error, I>;
  /** Form values → the call's body (decimal strings, absent fields left out). */
  toInput: (values: V) => NoInfer<I>;
  onSuccess?: (result: R) => void;
  successMessage?: string;
  submitLabel?: string;
  /** A refusing action (reject, delete) has a red submit button. */
  danger?: boolean;
  cancelTo?: string;
  /** Cancel in place (a dialog): a button instead of the link of `cancelTo`. */
  onCancel?: () => void;
  /** A confirmation with nothing to fill in opens on its submit button, so Enter confirms. */
  autoFocusSubmit?: boolean;
  /**
   * An action that moves money (decision 0134): the checked body is sent only after the question this returns was
   * confirmed; its toast replaces `successMessage`.
   */
  confirm?: (input: NoInfer<I>) => Omit<ConfirmRequest<R>, 'run'>;
  children: ReactNode;
}

/**
 * The one form building block: validates on the client with the form's rules, sends the call, puts a refusal's
 * field errors on the fields they name and shows the refusal above the buttons.
 */
export function ApiForm<V, I, R>({
  form,
  mutation,
  toInput,
  onSuccess,
  successMessage,
  submitLabel,
  danger,
  cancelTo,
  onCancel,
  autoFocusSubmit,
  confirm,
  children,
}: ApiFormProps<V, I, R>) {
  const { t } = useTranslation();
  // A refusal that names fields (a 422, an import file's own code) marks them; every refusal is also shown
  // translated above the buttons, the only place for those that name none (credit limit, conflicts).
  const markFields = (error: unknown) => {
    if (error instanceof ApiError && error.errors.length > 0) form.setErrors(fieldErrors(error, t));
  };
  const submit = form.onSubmit((values) => {
    const input = toInput(values as V);
    if (confirm) {
      // The dialog shows a refusal and stays open; the form keeps it after the dialog is closed.
      askToConfirm({
        ...confirm(input),
        run: () =>
          mutation.mutateAsync(input).then(
            (result) => {
              onSuccess?.(result);
              return result;
            },
            (error: unknown) => {
              markFields(error);
              throw error;
            },
          ),
      });
      return;
    }
    mutation.mutate(input, {
      onSuccess: (result) => {
        if (successMessage) notify({ color: 'teal', message: successMessage });
        onSuccess?.(result);
      },
      onError: markFields,
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {children}
        <SubmitError error={mutation.error} />
        <Group justify="flex-end">
          {cancelTo && (
            <Button component={Link} to={cancelTo} variant="default">
              {t('common.cancel')}
            </Button>
          )}
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            color={danger ? 'red' : undefined}
            loading={mutation.isPending}
            data-autofocus={autoFocusSubmit || undefined}
          >
            {submitLabel ?? t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
