import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/errors.ts';
import { ErrorState } from './error-state.tsx';
import { PageLoader } from './page-loader.tsx';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What could not be loaded, when the screen says it more precisely than "error getting data". */
  errorTitle?: ReactNode;
}

/** A query's three states in one place: the loader while it runs, the refusal with a retry, else its data. */
export function QueryState<T>({ query, children, errorTitle }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isError) {
    return <ErrorState title={errorTitle} message={describeError(t, query.error)} onRetry={() => query.refetch()} />;
  }
  if (query.data === undefined) return <PageLoader />;
  return children(query.data);
}
