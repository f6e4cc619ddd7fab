import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ChangeDeviceBody, changeDeviceBody } from '@portal/contract/devices';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { customerSource } from '../../lib/customer-lookup.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { type Device, useChangeDevice } from './devices.queries.ts';

interface Values {
  tag: string;
  serial_no: string;
  status: Device['status'];
  reseller_id: number | null;
}

/** The call's body from the form: the contract's `changeDeviceBody` checks it here and on the server. */
function deviceBody(v: Values, device?: Device): ChangeDeviceBody {
  const fields = { ...v, tag: v.tag.trim(), serial_no: v.serial_no.trim() };
  return device ? { action: 'update', id: device.id, ...fields } : { action: 'add', ...fields };
}

export function DeviceForm({ device }: { device?: Device }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeDevice();
  const form = useForm<Values>({
    initialValues: {
      tag: device?.tag ?? '',
      serial_no: device?.serial_no ?? '',
      status: device?.status ?? 'active',
      reseller_id: device?.reseller_id ?? null,
    },
    validate: zodValidate(changeDeviceBody, t, {
      toBody: (v) => deviceBody(v, device),
      messages: { tag: 'devices.required', serial_no: 'devices.required' },
    }),
  });
  return (
    <ApiForm
      form={form}
      mutation={change}
      toInput={(v) => deviceBody(v, device)}
      onSuccess={() => navigate('/devices')}
      cancelTo="/devices"
    >
      <FormSection title={t('devices.device')}>
        <TextInput label={t('devices.tag')} withAsterisk {...form.getInputProps('tag')} />
        <TextInput label={t('devices.serialNo')} withAsterisk {...form.getInputProps('serial_no')} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('devices.status')}
          </Text>
          <SegmentedControl
            data={[
              { value: 'active', label: t('devices.statuses.active') },
              { value: 'inactive', label: t('devices.statuses.inactive') },
            ]}
            {...form.getInputProps('status')}
          />
        </Stack>
        <CustomerPicker
          source={customerSource}
          label={t('devices.reseller')}
          value={form.values.reseller_id}
          selectedName={device?.reseller_name ?? undefined}
          onChange={(id) => form.setFieldValue('reseller_id', id)}
          clearable
        />
      </FormSection>
    </ApiForm>
  );
}
