import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { addDiscountPlanBody } from '@portal/contract/assignments';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodValidate } from '../../lib/zod-form.ts';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useAddSlab } from './assignments.queries.ts';

/** `/discount-slabs/add`: a slab is named first; its discounts are set on the slab's own screen. */
export function SlabAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddSlab();
  const form = useForm({
    initialValues: { name: '' },
    validate: zodValidate(addDiscountPlanBody, t, { toBody: (v) => ({ name: v.name.trim(), items: [] }) }),
  });
  return (
    <>
      <PageHeader title={t('screen.discountSlabAdd')} description={t('assignments.addSlabDescription')} />
      <ApiForm
        form={form}
        mutation={add}
        toInput={(v) => ({ name: v.name.trim(), items: [] })}
        successMessage={t('assignments.slabAdded')}
        onSuccess={(slab) => navigate(`/product-discount-slabs/${slab.discount_slab_id}`)}
        cancelTo="/discount-slabs/"
      >
        <FormSection title={t('assignments.slab')} cols={1}>
          <TextInput label={t('assignments.slabName')} required maxLength={100} {...form.getInputProps('name')} />
        </FormSection>
      </ApiForm>
    </>
  );
}
