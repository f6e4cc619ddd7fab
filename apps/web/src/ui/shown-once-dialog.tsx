import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A secret shown this once (a new API key, a new webhook secret), with a copy button. */
export function ShownOnceDialog(p: {
  title: string;
  warning: string;
  value: string;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={p.onClose} title={p.title} size="lg">
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {p.warning}
        </Alert>
        <Code block data-testid={p.testId}>
          {p.value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={p.value}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconKey size={16} />} onClick={copy}>
                {t(copied ? 'partner.copied' : 'partner.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={p.onClose}>{t('partner.stored')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
