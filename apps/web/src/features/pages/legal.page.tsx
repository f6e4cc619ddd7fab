import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LegalMessages } from '../../i18n/legal/de.ts';
import { useSettings } from '../../lib/settings.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useOrganisation } from '../organisations/organisations.queries.ts';
import { useLegalTexts } from './pages.queries.ts';

export type LegalDocument = keyof LegalMessages;

const TITLES = { agb: 'screen.agb', terms: 'screen.terms', impressum: 'screen.impressum' } as const;

/** AGB, terms of use and legal notice: the same page filled from the legal texts of the current language. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const { language } = useSettings();
  const texts = useLegalTexts(language);
  const organisation = useOrganisation();
  const vars = { ns: 'legal' as const, organisation: organisation.data?.organisation_name ?? t('app.name') };

  if (texts.isError) return <ErrorState onRetry={() => texts.refetch()} />;
  if (!texts.data) return <PageLoader />;

  const bundle = i18n.getResourceBundle(language, 'legal') as LegalMessages;
  const sections = Object.keys(bundle[document].sections);
  const support = organisation.data?.support_info;

  return (
    <Stack maw={860} gap="lg">
      <PageHeader title={t(TITLES[document])} description={t(`${document}.intro`, vars)} />
      {sections.map((section) => (
        <section key={section}>
          <Title order={2} fz="h4" mb={6}>
            {t(`${document}.sections.${section}.heading` as ParseKeys<'legal'>, vars)}
          </Title>
          <Text>{t(`${document}.sections.${section}.body` as ParseKeys<'legal'>, vars)}</Text>
        </section>
      ))}
      <Paper withBorder radius="md" p="md" component="address" style={{ fontStyle: 'normal' }}>
        <Title order={2} fz="h5" mb={6}>
          {t('legal.contact')}
        </Title>
        <Text fw={600}>{vars.organisation}</Text>
        {support?.text && <Text size="sm">{support.text}</Text>}
        {support?.email && (
          <Text size="sm">
            {t('support.email')}: <Anchor href={`mailto:${support.email}`}>{support.email}</Anchor>
          </Text>
        )}
        {support?.phone && (
          <Text size="sm">
            {t('support.phone')}: <Anchor href={`tel:${support.phone.replace(/\s+/g, '')}`}>{support.phone}</Anchor>
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
