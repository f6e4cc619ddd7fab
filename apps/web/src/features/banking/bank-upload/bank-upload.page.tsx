import { Stepper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { BankRecord, BankStepOneResult } from '../banking.queries.ts';
import { BookStep } from './book-step.tsx';
import { MapStep } from './map-step.tsx';
import { ReadStep } from './read-step.tsx';

/**
 * `/banking-upload` (Import CSV): read a statement and show its lines (step 1), map its payers to customers
 * (step 2, remembered for later statements), then book the mapped incoming payments in a job (step 3).
 */
export function BankUploadPage() {
  const { t } = useTranslation();
  const [statement, setStatement] = useState<BankStepOneResult | null>(null);
  const [lines, setLines] = useState<BankRecord[]>([]);
  const [step, setStep] = useState(0);
  const restart = () => {
    setStatement(null);
    setLines([]);
    setStep(0);
  };
  return (
    <>
      <PageHeader title={t('screen.bankingUpload')} description={t('banking.uploadDescription')} />
      <Stepper active={step} allowNextStepsSelect={false}>
        <Stepper.Step label={t('banking.stepRead')}>
          <ReadStep
            statement={statement}
            onRead={(answer) => {
              setStatement(answer);
              setLines(answer.bank_records);
            }}
            onNext={() => setStep(1)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('banking.stepMap')}>
          {statement && (
            <MapStep
              importId={statement.import.import_id}
              lines={lines}
              onMapped={setLines}
              onBack={() => setStep(0)}
              onBooking={() => setStep(2)}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={t('banking.stepBook')}>
          {statement && <BookStep importId={statement.import.import_id} onRestart={restart} />}
        </Stepper.Step>
      </Stepper>
    </>
  );
}
