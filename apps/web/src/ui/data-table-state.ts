export type TableFilters = Record<string, string>;

export interface TableState<F extends TableFilters> {
  page: number;
  limit: number;
  filters: F;
}

export interface TableStateOptions<F extends TableFilters> {
  /** Keeps two tables on one screen apart in the URL (`<prefix>page`, `<prefix>status`). */
  prefix?: string;
  pageSize: number;
  defaults: F;
  /** Filters with a fixed set of values; anything else in the URL falls back to the default. */
  allowed?: { [K in keyof F]?: readonly string[] };
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

/** Page and filters of a table from the URL; what is missing or malformed falls back to page 1 and the defaults. */
export function readTableState<F extends TableFilters>(
  params: URLSearchParams,
  { prefix = '', pageSize, defaults, allowed }: TableStateOptions<F>,
): TableState<F> {
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    const value = params.get(prefix + key);
    const permitted = allowed?.[key];
    if (value !== null && value !== '' && (!permitted || permitted.includes(value))) {
      filters[key] = value as F[typeof key];
    }
  }
  return { page: positiveInt(params.get(`${prefix}page`)) ?? 1, limit: pageSize, filters };
}

/**
 * The query string now in the address bar. Screens write table state from it rather than from the params of
 * their last render: a debounced search that fires between a filter click and the next render would otherwise
 * write the params it last saw and drop the click.
 */
export function addressBarParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/**
 * The URL after a page or filter change. A filter change goes back to page 1 (the old page may not exist in the new
 * result); values equal to their default are left out so shared links stay short. Other parameters are kept.
 */
export function writeTableState<F extends TableFilters>(
  params: URLSearchParams,
  { prefix = '', defaults }: TableStateOptions<F>,
  change: { page?: number; filters?: Partial<F> },
): URLSearchParams {
  const next = new URLSearchParams(params);
  let page = change.page;
  if (change.filters) {
    for (const [key, value] of Object.entries(change.filters)) {
      if (value === undefined || value === '' || value === defaults[key]) next.delete(prefix + key);
      else next.set(prefix + key, value);
    }
    page ??= 1;
  }
  if (page !== undefined) {
    if (page <= 1) next.delete(`${prefix}page`);
    else next.set(`${prefix}page`, String(Math.trunc(page)));
  }
  return next;
}
