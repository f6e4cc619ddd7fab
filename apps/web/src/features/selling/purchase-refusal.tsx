import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api.ts';
import { describeError } from '../../lib/errors.ts';

/**
 * Why a purchase stopped, in the seller's language; a request whose answer never came (a lost connection) can be
 * sent again with its own key, which the server answers without selling twice.
 */
export function PurchaseRefusal({
  error,
  unresolved,
  running,
  onRetry,
}: {
  error: ApiError;
  unresolved: boolean;
  running: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={t('selling.buy.failed')} data-testid="purchase-error">
      <Stack gap="xs">
        <Text size="sm">{describeError(t, error)}</Text>
        {unresolved && <Text size="sm">{t('selling.buy.unresolved')}</Text>}
        {unresolved && (
          <Group>
            <Button size="xs" leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={running}>
              {t('selling.buy.retry')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
