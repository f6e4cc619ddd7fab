import { Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export function VersionPage() {
  const { t } = useTranslation();
  const rows = [
    [t('version.version'), <span key="v">{__APP_VERSION__}</span>],
    [t('version.buildTime'), <DateTime key="b" value={__BUILD_TIME__} />],
    [t('version.mode'), <span key="m">{import.meta.env.MODE}</span>],
  ] as const;
  return (
    <>
      <PageHeader title={t('version.title')} />
      <Paper withBorder radius="md" maw={520}>
        <Table variant="vertical" layout="fixed" data-testid="version-table">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}
