import { Select } from '@mantine/core';
import { AUDIT_KINDS, type AuditChange } from '@portal/contract/audit';
import { auditKindWord } from '@portal/contract/audit-words';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditColumns } from '../../ui/audit-changes.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { DateRangeFilter } from '../../ui/list-filters.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchSelect } from '../../ui/search-select.tsx';
import {
  type AuditLogFilters,
  type AuditPickerField,
  auditKeys,
  exportAuditLog,
  findAuditLog,
  useAuditChoice,
  useAuditChoices,
} from './audit.queries.ts';

const DEFAULT_FILTERS: AuditLogFilters = { actor: '', customer: '', kind: '', from: '', to: '' };
const ALLOWED = { kind: ['', ...AUDIT_KINDS] };

/**
 * `/admin/audit-log`: every change of the superadmin's platform (issue 41), filtered by who acted, the customer, the
 * kind and the period (Berlin days), all kept in the URL; exported with the same filters as CSV or XLSX.
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const columns = useAuditColumns({ showCustomer: true });
  const kinds = AUDIT_KINDS.map((k) => ({ value: k, label: auditKindWord(k, i18n.language) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );
  return (
    <>
      <PageHeader title={t('screen.auditLog')} description={t('audit.logDescription')} />
      <DataTable<AuditChange, AuditLogFilters>
        queryKey={auditKeys.log()}
        queryFn={findAuditLog}
        columns={columns}
        rowKey={(c) => c.id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        emptyTitle={t('audit.empty')}
        errorTitle={t('audit.error')}
        rowTestId="audit-change"
        toolbar={(filters, setFilters) => (
          <>
            <Picker field="actor" label={t('audit.filters.actor')} value={filters.actor} onChange={setFilters} />
            <Picker
              field="customer"
              label={t('audit.filters.customer')}
              value={filters.customer}
              onChange={setFilters}
            />
            <Select
              aria-label={t('audit.filters.kind')}
              value={filters.kind}
              onChange={(v) => setFilters({ kind: v ?? '' })}
              data={[{ value: '', label: t('audit.filters.allKinds') }, ...kinds]}
              allowDeselect={false}
              searchable
              w={220}
            />
            <DateRangeFilter
              value={filters}
              onChange={({ from, to }) => setFilters({ from, to })}
              labels={{ from: t('audit.filters.from'), to: t('audit.filters.to') }}
              inline
            />
            <ExportButtons onExport={(format) => exportAuditLog(filters, format)} />
          </>
        )}
      />
    </>
  );
}

/** Who acted, or the customer: searched on the server as the user types, within the log's scope. */
function Picker({
  field,
  label,
  value,
  onChange,
}: {
  field: AuditPickerField;
  label: string;
  value: string;
  onChange: (change: Partial<AuditLogFilters>) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <SearchSelect
      label={label}
      value={value}
      onChange={(v) => onChange({ [field]: v })}
      found={useAuditChoices(field, text)}
      selected={useAuditChoice(field, value)}
      onSearch={setText}
      texts={{
        none: t('audit.filters.all', { what: label }),
        nothingFound: t('audit.filters.nothingFound'),
        searching: t('audit.filters.searching'),
        error: t('audit.filters.error'),
      }}
      w={240}
    />
  );
}
