import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { describeError } from '../lib/errors.ts';
import { ErrorState } from './error-state.tsx';
import { PageLoader } from './page-loader.tsx';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What could not be loaded, when the screen says it more precisely than "error getting data". */
  errorTitle?: ReactNode;
  /** What a 404 means on this screen (an expired link, a record of someone else): said instead, with no retry. */
  notFound?: ReactNode;
  /** The screen's own placeholder while it loads (a skeleton of its shape); the page loader by default. */
  loading?: ReactNode;
}

/** A query's three states in one place: the loader while it runs, the refusal with a retry, else its data. */
export function QueryState<T>({ query, children, errorTitle, notFound, loading }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isError) {
    if (notFound !== undefined && query.error instanceof ApiError && query.error.code === 'not_found') {
      return <ErrorState title={notFound} />;
    }
    return <ErrorState title={errorTitle} message={describeError(t, query.error)} onRetry={() => query.refetch()} />;
  }
  if (query.data === undefined) return loading === undefined ? <PageLoader /> : loading;
  return children(query.data);
}
