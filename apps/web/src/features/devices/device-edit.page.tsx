import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { DeviceForm } from './device-form.tsx';
import { useDevice } from './devices.queries.ts';

/** `/device/edit/{data}`: `data` is the device's id. */
export function DeviceEditPage() {
  const { t } = useTranslation();
  const device = useDevice(Number(useParams().data));
  return (
    <>
      <PageHeader title={t('screen.deviceEdit')} />
      <QueryState query={device}>
        {(d) => (d ? <DeviceForm device={d} /> : <Text>{t('devices.notFound')}</Text>)}
      </QueryState>
    </>
  );
}
