import type { DtOneAnswer, DtOneBody } from '@portal/contract/topup';
import { AppError, validationError } from '../../platform/errors.ts';
import { type DtOneClient, DtOneRefusal, DtOneUnreachable } from '../../providers/dtone/client.ts';
import { toTopupOperator, toTopupProduct } from './topup.mapper.ts';

const PER_PAGE = 100;

/** Read-only DT One calls behind `/api/dt_one/`: who operates a number, what can be sent to it. */
export function createTopupCatalogueService(deps: { dtOne: DtOneClient }) {
  const { dtOne } = deps;

  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DtOneUnreachable) throw new AppError('provider_unavailable', 'DT One did not answer');
      throw err;
    }
  }

  return {
    async query(body: DtOneBody): Promise<DtOneAnswer> {
      if (body.configuration === '1') {
        if (!body.mobile_number) {
          throw validationError([{ field: 'mobile_number', rule: 'required', message: 'mobile_number: required' }]);
        }
        const number = body.mobile_number;
        try {
          const found = await ask(() => dtOne.lookupMobileNumber(number, { page: body.page, perPage: PER_PAGE }));
          return {
            operators: found.items.map(toTopupOperator),
            products: [],
            page: found.page,
            per_page: found.perPage,
            total: found.total,
            total_pages: found.totalPages,
          };
        } catch (err) {
          // DT One answers 404 for a number no operator claims: an empty list, the seller picks by hand.
          if (err instanceof DtOneRefusal && err.httpStatus === 404) {
            return { operators: [], products: [], page: body.page, per_page: PER_PAGE, total: 0, total_pages: 1 };
          }
          throw err;
        }
      }
      if (!body.country_iso_code && body.operator_id === undefined) {
        throw validationError([{ field: 'operator_id', rule: 'required', message: 'operator_id: required' }]);
      }
      const list = await ask(() =>
        dtOne.listProducts({
          countryIsoCode: body.country_iso_code,
          operatorId: body.operator_id,
          type: 'FIXED_VALUE_RECHARGE',
          page: body.page,
          perPage: PER_PAGE,
        }),
      );
      return {
        operators: [],
        products: list.items.map(toTopupProduct),
        page: list.page,
        per_page: list.perPage,
        total: list.total,
        total_pages: list.totalPages,
      };
    },
  };
}
export type TopupCatalogueService = ReturnType<typeof createTopupCatalogueService>;
