import { Button, Modal, Paper, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime } from '@portal/contract/format';
import {
  choicesFor,
  type ProviderVatRow,
  type SetProviderVatBody,
  setProviderVatBody,
} from '@portal/contract/provider-vat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { useProviderVat, useSetProviderVat } from './dynamic-products.queries.ts';

/**
 * The VAT treatment of each provider's goods and of each soft-pin product, with the date it is in force from
 * (decision 0132): the superadmin sets a new one, in force from now on; earlier sales keep theirs.
 */
export function ProviderVatPanel() {
  const { t } = useTranslation();
  const rows = useProviderVat();
  const [editing, setEditing] = useState<ProviderVatRow | null>(null);
  const subject = (r: ProviderVatRow) => r.name ?? t(`dynamicProducts.vat.providers.${r.provider}`);
  return (
    <Paper withBorder radius="md" p="md" data-testid="provider-vat">
      <Stack gap="sm">
        <Title order={3}>{t('dynamicProducts.vat.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('dynamicProducts.vat.description')}
        </Text>
        {rows.isError && <ErrorState message={describeError(t, rows.error)} onRetry={() => rows.refetch()} />}
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-busy={rows.isPending}>
            <Table.Caption>{t('dynamicProducts.vat.title')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dynamicProducts.vat.subject')}</Table.Th>
                <Table.Th>{t('dynamicProducts.vat.treatment')}</Table.Th>
                <Table.Th>{t('dynamicProducts.vat.validFrom')}</Table.Th>
                <Table.Th>{t('dynamicProducts.vat.setBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows.data ?? []).map((r) => (
                <Table.Tr key={`${r.provider}-${r.dynamic_product_id ?? 0}`} data-testid="provider-vat-row">
                  <Table.Td>{subject(r)}</Table.Td>
                  <Table.Td>
                    {t(`dynamicProducts.vat.choices.${r.current.choice}`)}
                    {r.current.carrier && (
                      <Text size="xs" c="dimmed">
                        {r.current.carrier}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!r.own
                      ? t('dynamicProducts.vat.followsProvider')
                      : r.current.valid_from
                        ? formatDateTime(r.current.valid_from)
                        : t('dynamicProducts.vat.sinceEver')}
                  </Table.Td>
                  <Table.Td>{r.own ? (r.current.set_by ?? '—') : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(r)}
                      aria-label={t('dynamicProducts.vat.changeTitle', { subject: subject(r) })}
                    >
                      {t('dynamicProducts.vat.change')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {editing && <ProviderVatForm row={editing} subject={subject(editing)} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

function ProviderVatForm({ row, subject, onClose }: { row: ProviderVatRow; subject: string; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetProviderVat();
  const form = useForm<SetProviderVatBody>({
    initialValues: {
      provider: row.provider,
      dynamic_product_id: row.dynamic_product_id,
      choice: row.current.choice,
      carrier: row.current.carrier ?? '',
    },
    validate: zodValidate(setProviderVatBody, t),
  });
  const carrier = form.values.choice.startsWith('carrier');
  return (
    <Modal opened onClose={onClose} title={t('dynamicProducts.vat.changeTitle', { subject })}>
      <ApiForm
        form={form}
        mutation={save}
        toInput={(v) => ({ ...v, carrier: v.choice.startsWith('carrier') ? (v.carrier ?? '').trim() : null })}
        successMessage={t('dynamicProducts.vat.saved')}
        onSuccess={onClose}
      >
        <Text size="sm">{t('dynamicProducts.vat.fromNow')}</Text>
        <Select
          label={t('dynamicProducts.vat.treatment')}
          data={choicesFor(row.provider).map((c) => ({ value: c, label: t(`dynamicProducts.vat.choices.${c}`) }))}
          allowDeselect={false}
          {...form.getInputProps('choice')}
        />
        {carrier && (
          <Textarea
            label={t('dynamicProducts.vat.carrier')}
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('carrier')}
          />
        )}
        {row.history.length > 1 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('dynamicProducts.vat.history')}
            </Text>
            {row.history.map((h) => (
              <Text size="xs" key={h.valid_from ?? 'start'}>
                {h.valid_from ? formatDateTime(h.valid_from) : t('dynamicProducts.vat.sinceEver')} ·{' '}
                {t(`dynamicProducts.vat.choices.${h.choice}`)}
              </Text>
            ))}
          </Stack>
        )}
      </ApiForm>
    </Modal>
  );
}
