import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header.tsx';
import { DeviceForm } from './device-form.tsx';

/** `/device/add`. */
export function DeviceAddPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screen.deviceAdd')} />
      <DeviceForm />
    </>
  );
}
