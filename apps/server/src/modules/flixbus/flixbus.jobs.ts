import type { JobDefinition } from '../../platform/module.ts';
import { providerSaleJobs } from '../topup/provider-sale.jobs.ts';
import type { FlixbusService } from './flixbus.service.ts';

export const POLL_FLIXBUS_JOB = 'flixbus.poll-status';
export const SWEEP_FLIXBUS_JOB = 'flixbus.sweep-pending';

/** A paid booking whose provider order is pending is driven to its final status like a recharge. */
export function flixbusJobs(deps: { sales: Pick<FlixbusService, 'advance' | 'advancePending'> }): JobDefinition[] {
  return providerSaleJobs({ poll: POLL_FLIXBUS_JOB, sweep: SWEEP_FLIXBUS_JOB }, deps.sales);
}
