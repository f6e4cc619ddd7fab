import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

export function EmptyState({ title, description, children }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <MantineEmptyState
      icon={<IconDatabaseOff />}
      withIndicatorBackground
      title={title ?? t('errors.dataNotAvailable')}
      description={description}
      py="xl"
    >
      {children && <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
