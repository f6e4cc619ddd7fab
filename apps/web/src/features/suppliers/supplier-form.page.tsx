import { Button, Group, Paper, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AddSupplierBody, addSupplierBody, type SupplierView } from '@portal/contract/suppliers';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { describeError, fieldErrors } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useSaveSupplier, useSupplier } from './suppliers.queries.ts';

const TEXT_FIELDS = [
  'company',
  'email',
  'mobile',
  'telephone',
  'address',
  'postalcode',
  'city',
  'country',
  'ustidnr',
  'stnr',
] as const;

/** `/supplier/add` and `/supplier/edit/{supplierId}`: every supplier field of spec section 3. */
export function SupplierFormPage() {
  const { t } = useTranslation();
  const { supplierId } = useParams();
  const id = supplierId ? Number(supplierId) : null;
  const existing = useSupplier(id);
  if (id !== null && existing.isPending) return <PageLoader />;
  if (id !== null && existing.isError)
    return <ErrorState message={describeError(t, existing.error)} onRetry={() => existing.refetch()} />;
  return <SupplierForm supplier={existing.data ?? null} />;
}

function SupplierForm({ supplier }: { supplier: SupplierView | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSupplier();
  const form = useForm<Required<Omit<AddSupplierBody, 'status'>> & { status: 0 | 1 }>({
    initialValues: {
      full_name: supplier?.full_name ?? '',
      company: supplier?.company ?? '',
      email: supplier?.email ?? '',
      mobile: supplier?.mobile ?? '',
      telephone: supplier?.telephone ?? '',
      address: supplier?.address ?? '',
      city: supplier?.city ?? '',
      postalcode: supplier?.postalcode ?? '',
      country: supplier?.country ?? '',
      ustidnr: supplier?.ustidnr ?? '',
      stnr: supplier?.stnr ?? '',
      remarks: supplier?.remarks ?? '',
      status: supplier?.status ?? 1,
    },
    validate: zodValidate(addSupplierBody, t),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...values, supplier_id: supplier?.supplier_id },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t(supplier ? 'catalogue.supplier.updated' : 'catalogue.supplier.added') });
          void navigate('/suppliers/view');
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
        },
      },
    ),
  );
  return (
    <>
      <PageHeader
        title={t(supplier ? 'screen.supplierEdit' : 'screen.supplierAdd')}
        description={supplier?.full_name}
      />
      <Paper withBorder radius="md" p="lg" maw={860}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('catalogue.supplier.full_name')} withAsterisk {...form.getInputProps('full_name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {TEXT_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`catalogue.supplier.${field}`)}
                  type={field === 'email' ? 'email' : 'text'}
                  {...form.getInputProps(field)}
                />
              ))}
            </SimpleGrid>
            <Textarea label={t('catalogue.supplier.remarks')} autosize minRows={2} {...form.getInputProps('remarks')} />
            <Switch
              label={t('catalogue.common.active')}
              checked={form.values.status === 1}
              onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 1 : 0)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
