import type { ReportChoice, ReportChoicesBody, ReportPickerField } from '@portal/contract/reports';
import type { Viewer } from '../../platform/actor.ts';
import type { ChoiceSearch, ReportChoicesRepository } from './report-choices.repository.ts';

/**
 * The report filters' pickers (issue 39): a shop, staff member, product, denomination, reseller or stock owner found
 * by a part of its name within the caller's report scope, or the one chosen found by its id to show its name. A value outside the
 * scope is never found, so a picker reveals nothing the reports would not.
 */
export function createReportChoicesService(deps: { repo: ReportChoicesRepository }) {
  const { repo } = deps;
  const byField: Record<ReportPickerField, (v: Viewer, s: ChoiceSearch) => Promise<ReportChoice[]>> = {
    shop: repo.shops,
    staff: repo.staff,
    product: repo.products,
    denomination: repo.denominations,
    reseller: repo.resellers,
    owner: repo.owners,
  };

  async function findChoices(viewer: Viewer, body: ReportChoicesBody): Promise<{ choices: ReportChoice[] }> {
    const search: ChoiceSearch = {
      text: body.q,
      id: body.id,
      reseller: body.reseller,
      shop: body.shop,
      product: body.product,
      limit: body.id === undefined ? body.limit : 1,
    };
    return { choices: await byField[body.field](viewer, search) };
  }

  return { findChoices };
}
export type ReportChoicesService = ReturnType<typeof createReportChoicesService>;
