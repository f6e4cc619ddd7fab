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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { SubmitError } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { usePurchaseDetails } from '../selling/selling.queries.ts';
import { useFileReclamation } from './reclamations.queries.ts';

/**
 * Files a reclamation: PINs of one of the shop's sales (ticked from the sale's masked PINs), or one PIN typed
 * in by its code. The reason is required; the server answers which PIN was reclaimed before, if any.
 */
export function FileReclamationDialog({
  saleId: initialSale,
  onClose,
  detailPath,
}: {
  saleId: number | null;
  onClose: () => void;
  detailPath: (id: number) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fileIt = useFileReclamation();
  const [by, setBy] = useState<'sale' | 'pin'>('sale');
  const [saleInput, setSaleInput] = useState<number | ''>(initialSale ?? '');
  const [saleId, setSaleId] = useState<number | null>(initialSale);
  const [picked, setPicked] = useState<string[]>([]);
  const [pin, setPin] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const details = usePurchaseDetails(by === 'sale' && saleId !== null ? [saleId] : []);
  const sale = details.data?.[0];
  const missingReason = touched && reason.trim() === '';
  const missingPins = touched && (by === 'sale' ? picked.length === 0 : pin.trim() === '');
  const submit = () => {
    setTouched(true);
    if (reason.trim() === '' || (by === 'sale' ? picked.length === 0 || saleId === null : pin.trim() === '')) return;
    const body =
      by === 'sale'
        ? { sale_id: saleId!, pin_ids: picked.map(Number), reason: reason.trim() }
        : { pin: pin.trim(), reason: reason.trim() };
    fileIt.mutate(body, {
      onSuccess: (r) => {
        notify({ color: 'green', message: t('reclamations.filed', { id: r.reclamation_id }) });
        onClose();
        void navigate(detailPath(r.reclamation_id));
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('reclamations.file')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <SegmentedControl
            aria-label={t('reclamations.fileBy')}
            value={by}
            onChange={(v) => setBy(v as 'sale' | 'pin')}
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
                    setPicked([]);
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
                  <Checkbox.Group
                    label={t('reclamations.pickPins')}
                    value={picked}
                    onChange={setPicked}
                    error={missingPins ? t('reclamations.pinsRequired') : undefined}
                  >
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
            <TextInput
              label={t('reclamations.pin')}
              autoComplete="off"
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              error={missingPins ? t('form.required') : undefined}
              maxLength={64}
            />
          )}
          <Textarea
            label={t('reclamations.reason')}
            required
            autosize
            minRows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={missingReason ? t('form.required') : undefined}
          />
          <SubmitError error={fileIt.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={fileIt.isPending}>
              {t('reclamations.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
