import { Button, Group, Paper } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** `/customers/pad`: choose the customer whose products to assign. */
export function CustomersPadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [customerId, setCustomerId] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={t('screen.customersPad')} description={t('assignments.padChooseDescription')} />
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end">
          <CustomerPicker source={customerSource} value={customerId} onChange={setCustomerId} w={420} />
          <Button
            rightSection={<IconArrowRight size={16} />}
            disabled={!customerId}
            onClick={() => navigate(`/customer/${customerId}/pad`)}
          >
            {t('assignments.openPad')}
          </Button>
        </Group>
      </Paper>
    </>
  );
}
