import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ImportStepper } from './import-stepper/import-stepper.tsx';
import { useConfigurationOptions } from './inventory.queries.ts';

/** `/inventory/add`: the import stepper; `?import=<id>` resumes an import from the approve list. */
export function InventoryAddPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = useConfigurationOptions();
  const { money } = useFormatters();
  const resume = Number(params.get('import')) || null;
  if (options.isPending) return <PageLoader />;
  if (options.isError)
    return <ErrorState message={describeError(t, options.error)} onRetry={() => options.refetch()} />;
  const configurations = options.data.map((c) => ({
    configuration_id: c.configuration_id,
    label: `${c.product_name} · ${money(c.value)}${c.info ? ` · ${c.info}` : ''}`,
  }));
  return (
    <>
      <PageHeader title={t('screen.inventoryAdd')} description={t('inventory.import.description')} />
      <ImportStepper
        key={resume ?? 'new'}
        kind="product"
        configurations={configurations}
        resumeImportId={resume}
        onRestart={() => setParams({})}
      />
    </>
  );
}
