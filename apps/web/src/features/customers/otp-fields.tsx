import { SegmentedControl, type SegmentedControlProps, Switch, type SwitchProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether a customer's sign-in asks for a one-time code, and by which channel; the channel only when it does. */
export function OtpFields({
  enabled,
  enable,
  channel,
}: {
  enabled: boolean;
  enable: SwitchProps;
  channel: Omit<SegmentedControlProps, 'data'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Switch label={t('customers.enableOtp')} {...enable} />
      <SegmentedControl
        aria-label={t('customers.otpType')}
        disabled={!enabled}
        data={[
          { value: 'sms', label: t('customers.otpSms') },
          { value: 'email', label: t('customers.otpEmail') },
        ]}
        {...channel}
      />
    </>
  );
}
