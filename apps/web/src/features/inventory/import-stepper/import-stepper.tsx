import { Stepper } from '@mantine/core';
import type { UploadedImport } from '@portal/contract/inventory-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportKind, useImportReview } from '../inventory.queries.ts';
import { type ConfigurationOption, MapStep } from './map-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { UploadStep } from './upload-step.tsx';

/**
 * The three-step PIN import (spec section 4) for products and pools alike: upload, map, review and
 * approve or cancel. Started afresh, or resumed at the step an existing import has reached.
 */
export function ImportStepper({
  kind,
  poolId,
  configurations,
  resumeImportId = null,
  onRestart,
}: {
  kind: ImportKind;
  poolId?: number;
  configurations: ConfigurationOption[];
  resumeImportId?: number | null;
  onRestart?: () => void;
}) {
  const [importId, setImportId] = useState<number | null>(resumeImportId);
  const [upload, setUpload] = useState<UploadedImport | null>(null);
  const [remapping, setRemapping] = useState(false);
  const review = useImportReview(kind, importId);
  const status = review.data?.import.status;
  const step = importId === null ? 0 : remapping || status === 'uploaded' ? 1 : 2;
  const { t } = useTranslation();

  return (
    <Stepper active={step} allowNextStepsSelect={false}>
      <Stepper.Step label={t('inventory.import.stepUpload')}>
        <UploadStep
          kind={kind}
          onUploaded={(answer) => {
            setUpload(answer);
            setImportId(answer.import_id);
          }}
        />
      </Stepper.Step>
      <Stepper.Step label={t('inventory.import.stepMap')}>
        {review.data && (
          <MapStep
            kind={kind}
            poolId={poolId}
            imported={review.data.import}
            preview={upload?.import_id === importId ? upload.preview : null}
            configurations={configurations}
            onMapped={() => setRemapping(false)}
          />
        )}
      </Stepper.Step>
      <Stepper.Step label={t('inventory.import.stepReview')}>
        {importId !== null && (
          <ReviewStep
            kind={kind}
            importId={importId}
            onRemap={() => setRemapping(true)}
            onRestart={() => {
              setImportId(null);
              setUpload(null);
              onRestart?.();
            }}
          />
        )}
      </Stepper.Step>
    </Stepper>
  );
}
