import { devicesEndpoints } from '@portal/contract/devices';
import { LIMITS } from '@portal/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { DevicesService } from './devices.service.ts';

const tags = ['devices'];

export function devicesRoutes(devices: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, devicesEndpoints, { tags });
    route('/view_devices/', async (req) => {
      const q = { ...req.body, limit: req.body.limit ?? LIMITS.pageSize };
      const r = await devices.findDevices(q);
      return ok(page('devices', r.items, r.total, q, { search: q.search, status: q.status }));
    });
    route('/add_update_delete_devices/', async (req) => ok(await devices.changeDevice(req.body), 'Device saved'));
    route('/view_assigned_devices/', async (req) => {
      const q = { ...req.body, limit: req.body.limit ?? LIMITS.pageSize };
      const r = await devices.findAssignedDevices(req.actor, q);
      const applied = { search: q.search, status: q.status, customer_id: q.customer_id };
      return ok({ ...page('devices', r.items, r.total, q, applied), history: r.history });
    });
    route('/add_update_delete_assigned_devices/', async (req) =>
      ok(await devices.assignDevice(req.actor, req.body.device_id, req.body.customer_id), 'Device assigned'),
    );
    route('/delete_assigned_devices/', async (req) =>
      ok(await devices.unassignDevice(req.actor, req.body.device_id), 'Device unassigned'),
    );
  };
}
