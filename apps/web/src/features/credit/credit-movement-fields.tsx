import { SegmentedControl, type SegmentedControlProps, Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ControlProps = Omit<SegmentedControlProps, 'data'>;

/** Whether a booking gives credit (the customer owes it) or records a payment received. */
export function MovementTypeControl(props: ControlProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('credit.type')}
      data={[
        { value: 'credit', label: t('credit.typeCredit') },
        { value: 'payment', label: t('credit.typePayment') },
      ]}
      {...props}
    />
  );
}

/** How a payment came in; a credit has no method, so the control shows only for payments. */
export function PaymentMethodControl({ type, ...props }: ControlProps & { type: 'credit' | 'payment' }) {
  const { t } = useTranslation();
  if (type !== 'payment') return null;
  return (
    <SegmentedControl
      aria-label={t('credit.method')}
      data={[
        { value: 'cash', label: t('credit.methods.cash') },
        { value: 'transfer', label: t('credit.methods.transfer') },
      ]}
      {...props}
    />
  );
}

/** The booking's free-text remarks, as long as the contract allows. */
export function RemarksField(props: TextareaProps) {
  const { t } = useTranslation();
  return <Textarea label={t('credit.remarks')} autosize minRows={2} maxLength={500} {...props} />;
}
