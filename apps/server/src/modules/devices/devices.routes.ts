import {
  assignDeviceBody,
  assignedDevicesPage,
  changeDeviceBody,
  device,
  unassignDeviceBody,
  viewDevicesBody,
} from '@portal/contract/devices';
import { envelopeOf, pageOf } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { DevicesService } from './devices.service.ts';

const tags = ['devices'];

export function devicesRoutes(devices: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_devices/',
      {
        schema: { body: viewDevicesBody, tags, response: { 200: envelopeOf(pageOf('devices', device)) } },
        config: { rule: RULES.devicesSuperadmin },
      },
      async (req) => {
        const q = { ...req.body, limit: req.body.limit ?? LIMITS.pageSize };
        const r = await devices.findDevices(q);
        return ok(page('devices', r.items, r.total, q, { search: q.search, status: q.status }));
      },
    );
    app.post(
      '/add_update_delete_devices/',
      {
        schema: { body: changeDeviceBody, tags, response: { 200: envelopeOf(device) } },
        config: { rule: RULES.devicesSuperadmin },
      },
      async (req) => ok(await devices.changeDevice(req.body), 'Device saved'),
    );
    app.post(
      '/view_assigned_devices/',
      {
        schema: { body: viewDevicesBody, tags, response: { 200: envelopeOf(assignedDevicesPage) } },
        config: { rule: RULES.devicesReseller },
      },
      async (req) => {
        const q = { ...req.body, limit: req.body.limit ?? LIMITS.pageSize };
        const r = await devices.findAssignedDevices(req.actor, q);
        const applied = { search: q.search, status: q.status, customer_id: q.customer_id };
        return ok({ ...page('devices', r.items, r.total, q, applied), history: r.history });
      },
    );
    app.post(
      '/add_update_delete_assigned_devices/',
      {
        schema: { body: assignDeviceBody, tags, response: { 200: envelopeOf(device) } },
        config: { rule: RULES.devicesReseller },
      },
      async (req) =>
        ok(await devices.assignDevice(req.actor, req.body.device_id, req.body.customer_id), 'Device assigned'),
    );
    app.post(
      '/delete_assigned_devices/',
      {
        schema: { body: unassignDeviceBody, tags, response: { 200: envelopeOf(device) } },
        config: { rule: RULES.devicesReseller },
      },
      async (req) => ok(await devices.unassignDevice(req.actor, req.body.device_id), 'Device unassigned'),
    );
  };
}
