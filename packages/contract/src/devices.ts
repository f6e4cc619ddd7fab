import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';

export const DEVICE_STATUSES = ['active', 'inactive'] as const;

const id = (field: string) =>
  z
    .number({ error: `${field}: required` })
    .int()
    .positive();
const text = (field: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${field}: required` })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, `${field}: required`).max(max));

export const device = z.object({
  id: z.number().int(),
  tag: z.string(),
  serial_no: z.string(),
  status: z.enum(DEVICE_STATUSES),
  reseller_id: z.number().int().nullable(),
  reseller_name: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  assigned: z.literal(0).or(z.literal(1)),
});
export type Device = z.infer<typeof device>;

export const viewDevicesBody = pageQuery.extend({
  id: z.number().int().positive().optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  customer_id: z.number().int().positive().optional(),
});
export type ViewDevicesBody = z.infer<typeof viewDevicesBody>;

/** `/add_update_delete_devices/`: the superadmin registers, changes (and hands to a reseller) or removes a device. */
export const changeDeviceBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    tag: text('tag', 100),
    serial_no: text('serial_no', 100),
    /** Not sent: active (the server's choice, so the call's body has no default; see EDIT_ENDPOINTS). */
    status: z.enum(DEVICE_STATUSES).optional(),
    reseller_id: id('reseller_id').nullish(),
  }),
  z.object({
    action: z.literal('update'),
    id: id('id'),
    tag: text('tag', 100).optional(),
    serial_no: text('serial_no', 100).optional(),
    status: z.enum(DEVICE_STATUSES).optional(),
    reseller_id: id('reseller_id').nullish(),
  }),
  z.object({ action: z.literal('delete'), id: id('id') }),
]);
export type ChangeDeviceBody = z.infer<typeof changeDeviceBody>;

export const assignDeviceBody = z.object({ device_id: id('device_id'), customer_id: id('customer_id') });
export const unassignDeviceBody = z.object({ device_id: id('device_id') });

export const deviceHistoryRow = z.object({
  device_id: z.number().int(),
  tag: z.string(),
  serial_no: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  action: z.enum(['assigned', 'unassigned']),
  by: z.string(),
  at: z.string(),
});

export type DeviceHistoryRow = z.infer<typeof deviceHistoryRow>;

export const assignedDevicesPage = pageOf('devices', device).extend({ history: z.array(deviceHistoryRow) });

export const devicesEndpoints = {
  '/view_devices/': { body: viewDevicesBody, data: pageOf('devices', device), rule: RULES.devicesSuperadmin },
  '/add_update_delete_devices/': { body: changeDeviceBody, data: device, rule: RULES.devicesSuperadmin },
  '/view_assigned_devices/': { body: viewDevicesBody, data: assignedDevicesPage, rule: RULES.devicesReseller },
  '/add_update_delete_assigned_devices/': { body: assignDeviceBody, data: device, rule: RULES.devicesReseller },
  '/delete_assigned_devices/': { body: unassignDeviceBody, data: device, rule: RULES.devicesReseller },
} satisfies Record<string, EndpointSchemas>;
