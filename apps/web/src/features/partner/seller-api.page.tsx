import { useTranslation } from 'react-i18next';
import { ApiKeysPanel } from '../../ui/api-keys-panel.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useApiKeyCalls } from './partner.queries.ts';

/** `/seller/api`: the shop's own partner API keys, for its main account and managers. */
export function SellerApiPage() {
  const { t } = useTranslation();
  const calls = useApiKeyCalls('own');
  return (
    <>
      <PageHeader title={t('screen.sellerApi')} description={t('partner.pageHint')} />
      <ApiKeysPanel {...calls} />
    </>
  );
}
