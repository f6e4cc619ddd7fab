import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useImportProgress } from '../banking.queries.ts';

export function BookStep({ importId, onRestart }: { importId: number; onRestart: () => void }) {
  const { t } = useTranslation();
  const progress = useImportProgress(importId);
  const summary = progress.data;
  if (!summary) return null;
  const total = summary.booked + summary.to_book + summary.failed;
  const done = summary.status === 'booked';
  return (
    <Stack mt="md" maw={640}>
      <Text size="sm" aria-live="polite">
        {t('banking.progress', { booked: summary.booked, total })}
      </Text>
      <Progress
        value={total === 0 ? 100 : (100 * (summary.booked + summary.failed)) / total}
        animated={!done}
        aria-label={t('banking.stepBook')}
      />
      {done && (
        <Alert icon={<IconCircleCheck size={18} />} color={summary.failed > 0 ? 'yellow' : 'teal'}>
          {t('banking.finished', { booked: summary.booked, failed: summary.failed })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to="/banking-list">
          {t('screen.bankingList')}
        </Button>
        <Button onClick={onRestart} disabled={!done}>
          {t('banking.importAnother')}
        </Button>
      </Group>
    </Stack>
  );
}
