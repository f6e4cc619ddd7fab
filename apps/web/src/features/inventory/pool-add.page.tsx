import { NumberInput, Paper, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { addPoolBody } from '@portal/contract/pools';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INVENTORY_MESSAGES, zodValidate } from '../../lib/zod-form.ts';
import { NewProductFields } from '../../ui/denomination-fields.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { type PoolInput, useCreatePool } from './pools.queries.ts';

/** `/inventory/pool/add`: a pool is a calling-card product of the platform with its denominations. */
export function PoolAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePool();
  const form = useForm<PoolInput>({
    initialValues: {
      pool_name: '',
      pin_length: 12,
      customer_care: '',
      instructions: '',
      configurations: [{ value: '', info: '' }],
    },
    validate: zodValidate(addPoolBody, t, { messages: INVENTORY_MESSAGES }),
  });
  return (
    <>
      <PageHeader title={t('screen.poolAdd')} />
      <Paper withBorder radius="md" p="lg" maw={760}>
        <ApiForm
          form={form}
          mutation={create}
          toInput={(values) => values}
          successMessage={t('inventory.pool.added')}
          onSuccess={() => navigate('/inventory/pool')}
          submitLabel={t('inventory.common.add')}
          cancelTo="/inventory/pool"
        >
          <TextInput label={t('inventory.pool.name')} withAsterisk {...form.getInputProps('pool_name')} />
          <NumberInput label={t('products.pinLength')} min={4} max={64} {...form.getInputProps('pin_length')} />
          <NewProductFields form={form} />
        </ApiForm>
      </Paper>
    </>
  );
}
