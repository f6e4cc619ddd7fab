import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PinState } from './inventory.queries.ts';

const COLOURS: Record<PinState, string> = { available: 'teal', sold: 'blue', unpublished: 'gray' };

/** A PIN's state, in the same colour on the lot's PINs and in the PIN search. */
export function PinStateBadge({ state }: { state: PinState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[state]}>
      {t(`inventory.stock.pinStatus.${state}`)}
    </Badge>
  );
}
