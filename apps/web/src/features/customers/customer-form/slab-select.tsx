import { Select } from '@mantine/core';
import { RULES } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions.ts';
import { useSlabChoices } from '../../assignments/assignments.queries.ts';

/** The customer's default slab; loaded only for users who may see slabs (anyone else keeps the current one). */
export function SlabSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const canSee = useCan(RULES.discountSlabs);
  const slabs = useSlabChoices(canSee);
  if (!canSee) return null;
  return (
    <Select
      label={t('assignments.defaultSlab')}
      description={t('assignments.defaultSlabHint')}
      placeholder={t('assignments.noSlab')}
      data={(slabs.data ?? []).map((s) => ({ value: String(s.discount_slab_id), label: s.name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
      disabled={slabs.isPending}
      error={slabs.isError ? t('assignments.slabsError') : undefined}
    />
  );
}
