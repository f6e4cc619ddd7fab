import { Paper, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AddSupplierBody, addSupplierBody, type SupplierView } from '@portal/contract/suppliers';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SUPPLIER_MESSAGES, zodValidate } from '../../lib/zod-form.ts';
import { ApiForm } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
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
  const { supplierId } = useParams();
  const id = supplierId ? Number(supplierId) : null;
  const existing = useSupplier(id);
  if (id === null) return <SupplierForm supplier={null} />;
  return <QueryState query={existing}>{(supplier) => <SupplierForm supplier={supplier} />}</QueryState>;
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
    validate: zodValidate(addSupplierBody, t, { messages: SUPPLIER_MESSAGES }),
  });
  return (
    <>
      <PageHeader
        title={t(supplier ? 'screen.supplierEdit' : 'screen.supplierAdd')}
        description={supplier?.full_name}
      />
      <Paper withBorder radius="md" p="lg" maw={860}>
        <ApiForm
          form={form}
          mutation={save}
          toInput={(values) => ({ ...values, supplier_id: supplier?.supplier_id })}
          successMessage={t(supplier ? 'suppliers.updated' : 'suppliers.added')}
          onSuccess={() => void navigate('/suppliers/view')}
        >
          <TextInput label={t('suppliers.full_name')} withAsterisk {...form.getInputProps('full_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TEXT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`suppliers.${field}`)}
                type={field === 'email' ? 'email' : 'text'}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          <Textarea label={t('suppliers.remarks')} autosize minRows={2} {...form.getInputProps('remarks')} />
          <Switch
            label={t('suppliers.common.active')}
            checked={form.values.status === 1}
            onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 1 : 0)}
          />
        </ApiForm>
      </Paper>
    </>
  );
}
