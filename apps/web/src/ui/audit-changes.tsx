import { Badge, Stack, Text } from '@mantine/core';
import type { AuditChange } from '@portal/contract/audit';
import { auditActorText, auditFieldTexts, auditKindWord } from '@portal/contract/audit-words';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from './data-table.tsx';
import { DateTime } from './date-time.tsx';

const ACTION_COLOR = { insert: 'teal', update: 'blue', delete: 'red' } as const;

/** Each changed field of one change: "Kreditlimit 0,00 € → 1.234,56 €", or the event of a secret ("Passwort zurückgesetzt"). */
function FieldChanges({ change }: { change: AuditChange }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={2}>
      {auditFieldTexts(change, i18n.language).map((f) => (
        <Text key={f.column} size="sm" data-testid="audit-field">
          {f.event ?? (
            <>
              <Text span fw={600} size="sm">
                {f.field}
              </Text>{' '}
              {change.action === 'insert'
                ? f.after
                : change.action === 'delete'
                  ? f.before
                  : `${f.before} → ${f.after}`}
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The columns of a list of the audit trail's changes (a customer's "Changes" tab, the superadmin's log): when (Berlin
 * time), who (a user by name, a job, the seed …), what (the kind in words, its record, the action) and each field
 * before → after as the forms show it. The words come from `@portal/contract/audit-words`, the export's too.
 */
export function useAuditColumns(o: { showCustomer: boolean }): Column<AuditChange>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const columns: (Column<AuditChange> | false)[] = [
    { key: 'at', header: t('audit.columns.at'), render: (c) => <DateTime value={c.at} />, width: 150 },
    { key: 'actor', header: t('audit.columns.actor'), render: (c) => auditActorText(c, language) },
    o.showCustomer && {
      key: 'customer',
      header: t('audit.columns.customer'),
      render: (c) =>
        c.customer_id === null ? (
          '—'
        ) : (
          <Text size="sm" component={Link} to={`/customer/details/${c.customer_id}`}>
            {c.customer_name ?? `#${c.customer_id}`}
          </Text>
        ),
    },
    {
      key: 'kind',
      header: t('audit.columns.kind'),
      render: (c) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{t('audit.record', { kind: auditKindWord(c.kind, language), key: c.record_key })}</Text>
          <Badge variant="light" size="sm" color={ACTION_COLOR[c.action]}>
            {t(`audit.actions.${c.action}`)}
          </Badge>
        </Stack>
      ),
    },
    { key: 'changes', header: t('audit.columns.changes'), render: (c) => <FieldChanges change={c} /> },
  ];
  return columns.filter((c): c is Column<AuditChange> => c !== false);
}
