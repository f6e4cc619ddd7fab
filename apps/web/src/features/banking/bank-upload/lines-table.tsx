import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bankRecordColumns } from '../bank-record-columns.tsx';
import type { BankRecord } from '../banking.queries.ts';

/** A payer of the statement's open incoming lines: by IBAN where the bank gave one, else by name. */
interface Payer {
  key: string;
  payer_name: string;
  payer_iban: string | null;
  lines: BankRecord[];
}

export function payersOf(lines: BankRecord[]): Payer[] {
  const payers = new Map<string, Payer>();
  for (const line of lines) {
    if (line.direction !== 'credit' || line.status === 'booked' || line.status === 'skipped') continue;
    const key = line.payer_iban ?? `name:${line.payer_name.trim().toLowerCase()}`;
    const payer = payers.get(key) ?? { key, payer_name: line.payer_name, payer_iban: line.payer_iban, lines: [] };
    payer.lines.push(line);
    payers.set(key, payer);
  }
  return [...payers.values()];
}

export function LinesTable({ lines }: { lines: BankRecord[] }) {
  const { t } = useTranslation();
  const columns = bankRecordColumns(t);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ textAlign: c.align }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              {columns.map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align }}>
                  {c.render(line)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
