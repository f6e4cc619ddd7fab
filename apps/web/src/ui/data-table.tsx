import { ActionIcon, Box, Button, Group, LoadingOverlay, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@portal/contract/limits';
import { pageButtons } from '@portal/contract/pagination';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  addressBarParams,
  readTableState,
  type TableFilters,
  type TableState,
  type TableStateOptions,
  writeTableState,
} from './data-table-state.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** How the rows are ordered by this column, for a column the list can be sorted by (its header is then a button). */
  sorted?: 'ascending' | 'descending' | 'none';
}

/** What a list call answers, reduced to what the table needs (the list under its own name is mapped to `items`). */
export interface PageResult<Row> {
  items: Row[];
  filters: { total_count: number; total_pages: number };
}

export interface PageRequest<F extends TableFilters> extends TableState<F> {
  abort: AbortSignal;
}

export interface DataTableProps<Row, F extends TableFilters> {
  /** The domain's key for this list; page, limit and filters are appended. */
  queryKey: QueryKey;
  queryFn: (request: PageRequest<F>) => Promise<PageResult<Row>>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  defaultFilters: F;
  allowedFilters?: TableStateOptions<F>['allowed'];
  /** Filter controls above the table; they change the URL through setFilters. */
  toolbar?: (filters: F, setFilters: (change: Partial<F>) => void) => ReactNode;
  /** Small tables (LIMITS.smallTablePageSize rows) for boxes on dashboards and detail pages. */
  small?: boolean;
  urlPrefix?: string;
  caption?: string;
  /** What the error state says when the list cannot be loaded (default: the spec's 'Error getting data'). */
  errorTitle?: string;
  /** What an empty list says (default: the generic 'no data' text). */
  emptyTitle?: ReactNode;
  /** A row under the list for the same filters, such as a report's totals (cells in `Table.Td`). */
  footer?: (filters: F) => ReactNode;
  /** The `data-testid` of each row (of each card on a phone). */
  rowTestId?: string;
}

export function DataTable<Row, F extends TableFilters>({
  queryKey,
  queryFn,
  columns,
  rowKey,
  defaultFilters,
  allowedFilters,
  toolbar,
  small = false,
  urlPrefix,
  caption,
  errorTitle,
  emptyTitle,
  footer,
  rowTestId,
}: DataTableProps<Row, F>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = useMemo(
    () => ({
      prefix: urlPrefix,
      pageSize: small ? LIMITS.smallTablePageSize : LIMITS.pageSize,
      defaults: defaultFilters,
      allowed: allowedFilters,
    }),
    [urlPrefix, small, defaultFilters, allowedFilters],
  );
  const state = readTableState(params, options);
  // On a phone (a counter's 390 px) a row becomes a card: every column, the actions included, stays in view.
  const phone = useMediaQuery(PHONE);
  const query = useQuery({
    queryKey: [...queryKey, { page: state.page, limit: state.limit, filters: state.filters }],
    queryFn: ({ signal }) => queryFn({ ...state, abort: signal }),
    placeholderData: keepPreviousData,
  });

  const change = (next: { page?: number; filters?: Partial<F> }) =>
    setParams(() => writeTableState(addressBarParams(), options, next), {
      replace: next.page === undefined,
    });

  const result = query.data;
  const totalPages = result?.filters.total_pages ?? 0;

  return (
    <Paper withBorder radius="md" p={small ? 'xs' : 'md'} pos="relative">
      {toolbar && (
        <Group mb="md" gap="sm" wrap="wrap">
          {toolbar(state.filters, (filters) => change({ filters }))}
        </Group>
      )}
      {query.isError && !result ? (
        <ErrorState title={errorTitle} onRetry={() => query.refetch()} />
      ) : (
        <>
          <LoadingOverlay visible={query.isFetching} zIndex={1} overlayProps={{ blur: 1 }} />
          {result && result.items.length === 0 ? (
            <EmptyState title={emptyTitle} />
          ) : phone && result ? (
            <>
              <RowCards rows={result.items} columns={columns} rowKey={rowKey} rowTestId={rowTestId} />
              {footer && (
                <Table.ScrollContainer minWidth={320} mt="xs">
                  <Table>
                    <Table.Tfoot>
                      <Table.Tr fw={600}>{footer(state.filters)}</Table.Tr>
                    </Table.Tfoot>
                  </Table>
                </Table.ScrollContainer>
              )}
            </>
          ) : (
            <ColumnsTable
              rows={result?.items ?? []}
              columns={columns}
              rowKey={rowKey}
              rowTestId={rowTestId}
              small={small}
              caption={caption}
              busy={query.isFetching}
              footer={footer?.(state.filters)}
            />
          )}
          {query.isError && <ErrorState title={errorTitle} onRetry={() => query.refetch()} />}
          {result && totalPages > 1 && (
            <Group justify="space-between" mt="md" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('table.total', { count: result.filters.total_count })}
              </Text>
              <Pager page={state.page} totalPages={totalPages} onPage={(page) => change({ page })} />
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * Rows under their column headers: the table of a DataTable, and of the small lists that have all their rows at
 * hand (no paging, no filters).
 */
export function ColumnsTable<Row>({
  rows,
  columns,
  rowKey,
  rowTestId,
  small = false,
  minWidth = small ? 320 : 720,
  caption,
  busy,
  footer,
}: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
  small?: boolean;
  minWidth?: number;
  caption?: string;
  busy?: boolean;
  /** The cells of a totals row. */
  footer?: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing={small ? 4 : 'xs'} aria-busy={busy}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align} w={c.width} aria-sort={c.sorted}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align}>
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer && (
          <Table.Tfoot>
            <Table.Tr fw={600}>{footer}</Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

const PHONE = '(max-width: 30em)';

/** The rows as cards, each column as label and value; a footer (totals) still follows as a table row. */
function RowCards<Row>({
  rows,
  columns,
  rowKey,
  rowTestId,
}: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="row-cards">
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder radius="sm" p="sm" data-testid={rowTestId}>
          {columns.map((c) => (
            <Group key={c.key} justify="space-between" align="flex-start" gap="xs" wrap="nowrap" py={2}>
              <Text size="xs" c="dimmed">
                {c.header}
              </Text>
              <Box ta="right" fz="sm">
                {c.render(row)}
              </Box>
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('table.pagination')} gap={4} wrap="wrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('table.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      {pageButtons(page, totalPages).map((button) =>
        typeof button === 'number' ? (
          <Button
            key={button}
            size="compact-md"
            h={34}
            miw={34}
            px={8}
            variant={button === page ? 'filled' : 'default'}
            aria-current={button === page ? 'page' : undefined}
            aria-label={t('table.pageOf', { page: button, pages: totalPages })}
            onClick={() => onPage(button)}
          >
            {button}
          </Button>
        ) : (
          <Text key={button} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ),
      )}
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('table.next')}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
