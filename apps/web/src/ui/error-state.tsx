import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
}

export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <EmptyState
      role="alert"
      variant="light"
      color="red"
      icon={<IconAlertTriangle />}
      title={title ?? t('errors.errorGettingData')}
      description={message}
      py="xl"
    >
      {onRetry && (
        <EmptyState.Actions>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
