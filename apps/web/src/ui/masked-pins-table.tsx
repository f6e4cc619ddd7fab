import { Table } from '@mantine/core';

export interface MaskedPin {
  pin_id: number;
  pin_masked: string;
  serial: string | null;
  lot?: string;
}

/**
 * The PINs of a sale or reclamation as their viewer may see them: masked, with serial and (where `labels.lot` is
 * given) batch. The labels are the screen's own words.
 */
export function MaskedPinsTable({
  pins,
  labels,
  striped,
}: {
  pins: MaskedPin[];
  labels: { pin: string; serial: string; lot?: string };
  striped?: boolean;
}) {
  return (
    <Table striped={striped}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{labels.pin}</Table.Th>
          <Table.Th>{labels.serial}</Table.Th>
          {labels.lot && <Table.Th>{labels.lot}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pins.map((p) => (
          <Table.Tr key={p.pin_id}>
            <Table.Td ff="monospace">{p.pin_masked}</Table.Td>
            <Table.Td>{p.serial ?? '—'}</Table.Td>
            {labels.lot && <Table.Td>{p.lot}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
