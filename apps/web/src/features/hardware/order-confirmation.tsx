import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import classes from '../../ui/print.module.css';
import { PrintArea } from '../../ui/print-area.tsx';
import type { HardwareOrder } from './hardware.queries.ts';

function ConfirmationLines({ order }: { order: HardwareOrder }) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormatters();
  return (
    <Table withRowBorders={false}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>{t('hardware.orderNumber')}</Table.Th>
          <Table.Td>{order.order_id}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('hardware.orderedAt')}</Table.Th>
          <Table.Td>{dateTime(order.created_at)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('hardware.shop')}</Table.Th>
          <Table.Td>{order.customer_name}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('hardware.productName')}</Table.Th>
          <Table.Td>
            {order.quantity} × {order.product_name} ({money(order.unit_price)})
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('hardware.total')}</Table.Th>
          <Table.Td>{money(order.total)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('hardware.status')}</Table.Th>
          <Table.Td>{t(`hardware.statuses.${order.status}`)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The order confirmation on screen and, for printing, once more in the print area (80 mm or A4). */
export function OrderConfirmation({ order, onClose }: { order: HardwareOrder; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert icon={<IconCircleCheck size={18} />} color="teal" title={t('hardware.confirmationTitle')}>
      <Stack gap="xs">
        <ConfirmationLines order={order} />
        <Text size="sm">{t('hardware.paidFromBalance')}</Text>
        <Group>
          <Button leftSection={<IconPrinter size={16} />} variant="default" onClick={() => window.print()}>
            {t('hardware.print')}
          </Button>
          {onClose && (
            <Button variant="subtle" onClick={onClose}>
              {t('hardware.close')}
            </Button>
          )}
        </Group>
      </Stack>
      <PrintArea>
        <div className={classes.receipt}>
          <strong>{t('hardware.confirmationTitle')}</strong>
          <ConfirmationLines order={order} />
        </div>
      </PrintArea>
    </Alert>
  );
}
