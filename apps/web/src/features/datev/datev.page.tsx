import { Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DATEV_ACCOUNT_KEYS,
  DATEV_CHARTS,
  DATEV_DEFAULT_ACCOUNTS,
  type DatevAccount,
  type DatevAccountKey,
  type DatevChart,
  type DatevFile,
  type DatevSettings,
  type UpdateDatevSettingsBody,
  updateDatevSettingsBody,
} from '@portal/contract/datev';
import { RULES } from '@portal/contract/rules';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { DayInput } from '../../ui/day-input.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { finishedMonths } from '../invoices/invoices.queries.ts';
import { downloadDatev, downloadTaxAudit, useDatevSettings, useSaveDatevSettings } from './datev.queries.ts';

/**
 * `/datev-export`: the issuer's DATEV settings (the tax adviser's numbers, chart and accounts) and a month of its
 * own books as EXTF files for the adviser (decision 0147).
 */
export function DatevPage() {
  const { t } = useTranslation();
  const settings = useDatevSettings();
  const mayAudit = useCan(RULES.taxAudit);
  return (
    <>
      <PageHeader title={t('screen.datevExport')} description={t('datev.description')} />
      <QueryState query={settings}>
        {(data) => (
          <Stack gap="xl">
            <DatevDownloads settings={data} />
            <DatevSettingsForm settings={data} />
            {mayAudit && <TaxAuditDownload />}
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function DatevDownloads({ settings }: { settings: DatevSettings }) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(() => finishedMonths(1)[0]!);
  // Finished months only: a running month's batch would miss what is still to be issued and paid.
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const months = finishedMonths().map((m) => ({ value: m, label: monthName.format(new Date(`${m}-01T00:00:00Z`)) }));
  const [busy, setBusy] = useState<DatevFile | null>(null);
  async function run(file: DatevFile) {
    setBusy(file);
    try {
      await downloadDatev(month, file);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  }
  const files: { file: DatevFile; label: string }[] = [
    { file: 'zip', label: t('datev.downloadZip') },
    { file: 'bookings', label: t('datev.downloadBookings') },
    { file: 'debtors', label: t('datev.downloadDebtors') },
  ];
  return (
    <FormSection title={t('datev.exportTitle')} description={t('datev.exportDescription')} cols={1}>
      {!settings.saved && (
        <Alert color="yellow" title={t('datev.settingsFirstTitle')}>
          {t('datev.settingsFirst')}
        </Alert>
      )}
      <Group align="flex-end">
        <Select
          label={t('datev.month')}
          data={months}
          value={month}
          allowDeselect={false}
          onChange={(v) => v && setMonth(v)}
          w={220}
        />
        {files.map((f) => (
          <Button
            key={f.file}
            variant={f.file === 'zip' ? 'filled' : 'default'}
            leftSection={<IconDownload size={16} />}
            loading={busy === f.file}
            disabled={!settings.saved || (busy !== null && busy !== f.file)}
            onClick={() => run(f.file)}
          >
            {f.label}
          </Button>
        ))}
      </Group>
    </FormSection>
  );
}

type SettingsValues = {
  chart: DatevChart;
  consultant_number: number | string;
  client_number: number | string;
  fiscal_year_start_month: string;
  accounts: Record<DatevAccountKey, DatevAccount>;
};

const valuesOf = (s: DatevSettings): SettingsValues => ({
  chart: s.chart,
  consultant_number: s.consultant_number ?? '',
  client_number: s.client_number ?? '',
  fiscal_year_start_month: String(s.fiscal_year_start_month),
  accounts: s.accounts as Record<DatevAccountKey, DatevAccount>,
});

const toBody = (v: SettingsValues): UpdateDatevSettingsBody => ({
  chart: v.chart,
  consultant_number: Number(v.consultant_number),
  client_number: Number(v.client_number),
  fiscal_year_start_month: Number(v.fiscal_year_start_month),
  accounts: v.accounts,
});

function DatevSettingsForm({ settings }: { settings: DatevSettings }) {
  const { t } = useTranslation();
  // The numbers are not clamped into range: a mistyped adviser number turned silently into 1001 would be saved and
  // refused by the adviser's DATEV import; out of range, the field says so instead.
  const save = useSaveDatevSettings();
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: zodValidate(updateDatevSettingsBody, t, {
      toBody,
      messages: {
        consultant_number: 'datev.validation.consultantNumber',
        client_number: 'datev.validation.clientNumber',
        account: 'datev.validation.account',
      },
    }),
  });
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, i, 1)),
    ),
  }));
  // A new chart brings its own default accounts: the numbers of the other chart would be wrong there.
  const setChart = (chart: DatevChart) => {
    form.setFieldValue('chart', chart);
    form.setFieldValue('accounts', { ...DATEV_DEFAULT_ACCOUNTS[chart] });
  };
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={toBody}
      successMessage={t('datev.saved')}
      onSuccess={(saved) => form.setInitialValues(valuesOf(saved))}
    >
      <FormSection title={t('datev.settingsTitle')} description={t('datev.settingsDescription')}>
        <NumberInput
          label={t('datev.consultantNumber')}
          required
          min={1001}
          clampBehavior="none"
          max={9999999}
          allowDecimal={false}
          {...form.getInputProps('consultant_number')}
        />
        <NumberInput
          label={t('datev.clientNumber')}
          required
          min={1}
          clampBehavior="none"
          max={99999}
          allowDecimal={false}
          {...form.getInputProps('client_number')}
        />
        <Select
          label={t('datev.chart')}
          data={DATEV_CHARTS.map((c) => ({ value: c, label: c }))}
          allowDeselect={false}
          value={form.values.chart}
          onChange={(v) => v && setChart(v as DatevChart)}
        />
        <Select
          label={t('datev.fiscalYearStart')}
          data={months}
          allowDeselect={false}
          {...form.getInputProps('fiscal_year_start_month')}
        />
      </FormSection>
      <FormSection title={t('datev.accountsTitle')} description={t('datev.accountsDescription')} cols={1}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('datev.bookedAs')}</Table.Th>
              <Table.Th>{t('datev.account')}</Table.Th>
              <Table.Th>{t('datev.automatic')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DATEV_ACCOUNT_KEYS.map((key) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm">{t(`datev.keys.${key}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('datev.accountOf', { what: t(`datev.keys.${key}`) })}
                    min={1000}
                    clampBehavior="none"
                    max={9999}
                    allowDecimal={false}
                    w={120}
                    {...form.getInputProps(`accounts.${key}.account`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('datev.automaticOf', { what: t(`datev.keys.${key}`) })}
                    {...form.getInputProps(`accounts.${key}.automatic`, { type: 'checkbox' })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </FormSection>
    </ApiForm>
  );
}

/** The previous calendar year, the period a tax audit usually asks for first. */
function lastYear(): { from: string; to: string } {
  const month = finishedMonths(1)[0]!;
  const year = Number(month.slice(0, 4)) - (month.endsWith('-12') ? 0 : 1);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The platform's data access for a tax audit (GDPdU / Z3): a period of at most a year as one ZIP. */
function TaxAuditDownload() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(lastYear);
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadTaxAudit(period.from, period.to);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormSection title={t('datev.auditTitle')} description={t('datev.auditDescription')} cols={1}>
      <Group align="flex-end">
        <DayInput
          label={t('datev.auditFrom')}
          value={period.from}
          max={period.to}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
        />
        <DayInput
          label={t('datev.auditTo')}
          value={period.to}
          min={period.from}
          onChange={(to) => setPeriod((p) => ({ ...p, to }))}
        />
        <Button
          leftSection={<IconDownload size={16} />}
          loading={busy}
          disabled={!period.from || !period.to}
          onClick={run}
        >
          {t('datev.auditDownload')}
        </Button>
      </Group>
    </FormSection>
  );
}
