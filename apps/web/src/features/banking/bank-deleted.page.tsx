import { useTranslation } from 'react-i18next';
import { DateTime } from '../../ui/date-time.tsx';
import { BankLinesScreen, LineButton } from './bank-lines.tsx';
import { useUpdateBankRecord } from './banking.queries.ts';

/** `/banking-deleted`: deleted lines, each restorable. */
export function BankDeletedPage() {
  const { t } = useTranslation();
  const update = useUpdateBankRecord();
  return (
    <BankLinesScreen
      deleted={1}
      title={t('screen.bankingDeleted')}
      description={t('banking.deletedDescription')}
      column={{
        key: 'deleted',
        header: t('banking.deletedAt'),
        render: (r) => (r.deleted_at ? <DateTime value={r.deleted_at} /> : null),
      }}
      action={(r) => <LineButton action="restore" line={r} update={update} />}
    />
  );
}
