import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { sumAmounts } from '@portal/contract/credit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSource } from '../../../lib/customer-lookup.ts';
import { describeError } from '../../../lib/errors.ts';
import { CustomerPicker } from '../../../ui/customer-picker.tsx';
import { Money } from '../../../ui/money.tsx';
import {
  type BankRecord,
  useBookImport,
  useImportProgress,
  useMapPayers,
  useUpdateBankRecord,
} from '../banking.queries.ts';
import { ConfirmDuplicateButton, DuplicateOf } from '../duplicate-confirm.tsx';
import { payersOf } from './lines-table.tsx';

export function MapStep({
  importId,
  lines,
  onMapped,
  onBack,
  onBooking,
}: {
  importId: number;
  lines: BankRecord[];
  onMapped: (lines: BankRecord[]) => void;
  onBack: () => void;
  onBooking: () => void;
}) {
  const { t } = useTranslation();
  const payers = payersOf(lines);
  const [chosen, setChosen] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(payers.map((p) => [p.key, p.lines.find((l) => l.customer_id)?.customer_id ?? null])),
  );
  const mapPayers = useMapPayers();
  const book = useBookImport();
  const progress = useImportProgress(importId);
  const mapped = payers.filter((p) => chosen[p.key]);
  const unsaved = payers.some((p) => (chosen[p.key] ?? null) !== (p.lines[0]?.customer_id ?? null));
  const toBook = progress.data?.to_book ?? 0;
  const update = useUpdateBankRecord();
  const duplicates = lines.filter((l) => l.status === 'duplicate');
  const gap = progress.data && progress.data.expected_sequence !== null && progress.data.gap_confirmed_at === null;
  const [gapConfirmed, setGapConfirmed] = useState(false);
  return (
    <Stack mt="md">
      <Text size="sm" c="dimmed">
        {t('banking.mapHint')}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('banking.payer')}</Table.Th>
              <Table.Th>{t('banking.iban')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('banking.amount')}</Table.Th>
              <Table.Th>{t('banking.customer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payers.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Td>
                  <Text size="sm">{p.payer_name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('banking.lineCount', { count: p.lines.length })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {p.payer_iban ?? t('banking.byName')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Money amount={sumAmounts(p.lines.map((l) => l.amount))} />
                </Table.Td>
                <Table.Td>
                  <CustomerPicker
                    source={customerSource}
                    inline
                    label={t('banking.customerFor', { payer: p.payer_name })}
                    value={chosen[p.key] ?? null}
                    selectedName={p.lines.find((l) => l.customer_id === chosen[p.key])?.customer_name ?? undefined}
                    onChange={(customerId) => setChosen((c) => ({ ...c, [p.key]: customerId }))}
                    clearable
                    w={280}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {duplicates.length > 0 && (
        <Alert color="orange" title={t('banking.duplicatesWaiting', { count: duplicates.length })}>
          <Stack gap="xs">
            {duplicates.map((line) => (
              <Group key={line.id} justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm">
                    {line.payer_name} · <Money amount={line.amount} />
                  </Text>
                  <DuplicateOf line={line} />
                </div>
                <ConfirmDuplicateButton
                  line={line}
                  update={update}
                  onConfirmed={(confirmed) => onMapped(lines.map((l) => (l.id === confirmed.id ? confirmed : l)))}
                />
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {gap && progress.data && (
        <Alert color="orange">
          <Stack gap="xs">
            <Text size="sm">
              {t('banking.sequenceGap', {
                expected: progress.data.expected_sequence,
                read: progress.data.sequence_number,
              })}
            </Text>
            <Checkbox
              label={t('banking.confirmGap')}
              checked={gapConfirmed}
              onChange={(e) => setGapConfirmed(e.currentTarget.checked)}
            />
          </Stack>
        </Alert>
      )}
      {mapPayers.isError && <Alert color="red">{describeError(t, mapPayers.error)}</Alert>}
      {book.isError && <Alert color="red">{describeError(t, book.error)}</Alert>}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('banking.back')}
        </Button>
        <Group>
          <Button
            variant={unsaved ? 'filled' : 'default'}
            disabled={mapped.length === 0}
            loading={mapPayers.isPending}
            onClick={() =>
              mapPayers.mutate(
                {
                  import_id: importId,
                  mappings: mapped.map((p) => ({
                    payer_name: p.payer_name,
                    payer_iban: p.payer_iban,
                    customer_id: chosen[p.key] as number,
                  })),
                },
                { onSuccess: (answer) => onMapped(answer.bank_records) },
              )
            }
          >
            {t('banking.saveMapping')}
          </Button>
          <Button
            disabled={unsaved || toBook === 0 || (gap && !gapConfirmed)}
            loading={book.isPending}
            onClick={() => book.mutate({ importId, confirmGap: gapConfirmed }, { onSuccess: onBooking })}
          >
            {t('banking.book', { count: toBook })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
