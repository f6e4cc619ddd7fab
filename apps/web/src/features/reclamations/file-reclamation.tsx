import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { postReclamPinsBody } from '@portal/contract/reclamations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { usePurchaseDetails } from '../selling/selling.queries.ts';
import { useFileReclamation } from './reclamations.queries.ts';

/**
 * Files a reclamation: PINs of one of the shop's sales (ticked from the sale's masked PINs), a soft pin chosen on
 * the sales list (its one PIN), or one PIN typed in by its code (a stock PIN or a soft pin). The reason is
 * required; the server answers which PIN was reclaimed before, if any.
 */
interface FileValues {
  by: 'sale' | 'pin';
  /** The ticked PINs of the sale, as the checkboxes' values. */
  pin_ids: string[];
  pin: string;
  reason: string;
}

export function FileReclamationDialog({
  saleId: initialSale,
  softPinSaleId = null,
  onClose,
  detailPath,
}: {
  saleId: number | null;
  softPinSaleId?: number | null;
  onClose: () => void;
  detailPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fileIt = useFileReclamation();
  const [saleInput, setSaleInput] = useState<number | ''>(initialSale ?? '');
  const [saleId, setSaleId] = useState<number | null>(initialSale);
  const toBody = (v: FileValues) =>
    softPinSaleId !== null
      ? { soft_pin_sale_id: softPinSaleId, reason: v.reason.trim() }
      : v.by === 'sale'
        ? { sale_id: saleId ?? undefined, pin_ids: v.pin_ids.map(Number), reason: v.reason.trim() }
        : { pin: v.pin.trim(), reason: v.reason.trim() };
  const form = useForm<FileValues>({
    initialValues: { by: 'sale', pin_ids: [], pin: '', reason: '' },
    validate: zodValidate(postReclamPinsBody, t, {
      toBody,
      messages: { pin_ids: 'reclamations.pinsRequired', 'pin.required': 'form.required' },
    }),
  });
  const by = form.values.by;
  const details = usePurchaseDetails(by === 'sale' && saleId !== null && softPinSaleId === null ? [saleId] : []);
  const sale = details.data?.[0];
  return (
    <Modal opened onClose={onClose} title={t('reclamations.file')} size="lg">
      <ApiForm
        form={form}
        mutation={fileIt}
        toInput={toBody}
        onSuccess={(r) => {
          notify({ color: 'green', message: t('reclamations.filed', { id: r.reclamation_id }) });
          onClose();
          void navigate(detailPath(r.reclamation_id));
        }}
        submitLabel={t('reclamations.submit')}
        onCancel={onClose}
      >
        {softPinSaleId !== null ? (
          <Text size="sm">{t('reclamations.softPinSale', { id: softPinSaleId })}</Text>
        ) : (
          chooseSaleOrPin()
        )}
        <Textarea
          label={t('reclamations.reason')}
          required
          autosize
          minRows={3}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
      </ApiForm>
    </Modal>
  );

  /** A stock sale's PINs to tick, or one PIN's code (called, not mounted: its inputs keep their focus). */
  function chooseSaleOrPin() {
    return (
      <>
        <SegmentedControl
          aria-label={t('reclamations.fileBy')}
          {...form.getInputProps('by')}
          data={[
            { value: 'sale', label: t('reclamations.bySale') },
            { value: 'pin', label: t('reclamations.byPin') },
          ]}
        />
        {by === 'sale' ? (
          <>
            <Group align="flex-end">
              <NumberInput
                label={t('reclamations.saleId')}
                value={saleInput}
                onChange={(v) => setSaleInput(typeof v === 'number' ? v : '')}
                min={1}
                allowDecimal={false}
                w={200}
              />
              <Button
                variant="default"
                disabled={saleInput === ''}
                onClick={() => {
                  form.setFieldValue('pin_ids', []);
                  setSaleId(saleInput === '' ? null : saleInput);
                }}
              >
                {t('reclamations.showPins')}
              </Button>
            </Group>
            {details.error && (
              <ErrorState message={describeError(t, details.error)} onRetry={() => details.refetch()} />
            )}
            {sale && (
              <Stack gap="xs">
                <Text size="sm">
                  {sale.product_name} · <Money amount={sale.value} /> · <DateTime value={sale.created_at} /> ·{' '}
                  {sale.sold_by}
                </Text>
                <Checkbox.Group label={t('reclamations.pickPins')} {...form.getInputProps('pin_ids')}>
                  <Stack gap={4} mt="xs">
                    {sale.pins.map((p) => (
                      <Checkbox
                        key={p.pin_id}
                        value={String(p.pin_id)}
                        label={<span style={{ fontFamily: 'monospace' }}>{p.pin_masked}</span>}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              </Stack>
            )}
          </>
        ) : (
          <TextInput label={t('reclamations.pin')} autoComplete="off" maxLength={64} {...form.getInputProps('pin')} />
        )}
      </>
    );
  }
}
