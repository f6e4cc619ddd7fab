import type { ChangeDeviceBody, Device, ViewDevicesBody } from '@portal/contract/devices';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { DeviceRow, DevicesRepository, HistoryRow } from './devices.repository.ts';

function deviceOf(r: DeviceRow): Device {
  return {
    id: r.id,
    tag: r.tag,
    serial_no: r.serialNo,
    status: r.status as Device['status'],
    reseller_id: r.resellerId,
    reseller_name: r.resellerName,
    customer_id: r.shopId,
    customer_name: r.shopName,
    assigned: r.shopId === null ? 0 : 1,
  };
}

function historyOf(r: HistoryRow) {
  return {
    device_id: r.deviceId,
    tag: r.deviceTag,
    serial_no: r.serialNo,
    customer_id: r.shopId,
    customer_name: r.shopName,
    action: r.action as 'assigned' | 'unassigned',
    by: r.by,
    at: r.at.toISOString(),
  };
}

/**
 * `/devices` (the superadmin registers devices and hands them to resellers) and `/assign/devices/`,
 * `/user/devices`, `/customer/devices/{id}` (a reseller hands its devices to its shops, within each shop's
 * `terminal_limit`, with a history of every hand-over).
 */
export function createDevicesService(deps: { db: Db; repo: DevicesRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

  async function getDevice(id: number) {
    const d = await repo.findDevice(id);
    if (!d) throw notFound('Device');
    return deviceOf(d);
  }

  async function findDevices(q: ViewDevicesBody & { limit: number }) {
    const { items, total } = await repo.findPage({}, q);
    return { items: items.map(deviceOf), total };
  }

  async function assertSerialFree(serialNo: string | undefined, exceptId?: number) {
    if (serialNo !== undefined && (await repo.serialTaken(serialNo, exceptId))) {
      throw new AppError('serial_taken', 'A device with this serial number is registered', {
        params: { serial_no: serialNo },
      });
    }
  }

  async function assertReseller(resellerId: number | null | undefined) {
    if (resellerId && !(await repo.isReseller(resellerId))) throw notFound('Reseller');
  }

  async function changeDevice(body: ChangeDeviceBody) {
    if (body.action === 'add') {
      await assertSerialFree(body.serial_no);
      await assertReseller(body.reseller_id);
      const id = await repo.insertDevice({
        tag: body.tag,
        serialNo: body.serial_no,
        status: body.status ?? 'active',
        resellerId: body.reseller_id ?? null,
        at: clock.now(),
      });
      return getDevice(id);
    }
    const current = await repo.findDevice(body.id);
    if (!current) throw notFound('Device');
    if (body.action === 'delete') {
      await repo.updateDevice(body.id, { deletedAt: clock.now(), shopId: null });
      return deviceOf(current);
    }
    await assertSerialFree(body.serial_no, body.id);
    await assertReseller(body.reseller_id);
    // Handed to another reseller, the device leaves the shop of the one before.
    const movesReseller = body.reseller_id !== undefined && (body.reseller_id ?? null) !== current.resellerId;
    await repo.updateDevice(body.id, {
      tag: body.tag,
      serialNo: body.serial_no,
      status: body.status,
      ...(movesReseller ? { resellerId: body.reseller_id ?? null, shopId: null } : {}),
    });
    return getDevice(body.id);
  }

  async function findAssignedDevices(actor: Actor, q: ViewDevicesBody & { limit: number }) {
    const [{ items, total }, history] = await Promise.all([
      repo.findPage({ resellerId: actor.customerId }, q),
      repo.findHistory(actor.customerId, q.customer_id),
    ]);
    return { items: items.map(deviceOf), total, history: history.map(historyOf) };
  }

  /** Hands one of the reseller's devices to one of its shops, refused beyond the shop's terminal limit. */
  async function assignDevice(actor: Actor, deviceId: number, shopId: number) {
    await db.transaction(async (tx) => {
      const shop = await repo.lockShop(actor.customerId, shopId, tx);
      if (!shop) throw notFound('Customer');
      const d = await repo.lockDevice(deviceId, tx);
      if (!d || d.resellerId !== actor.customerId) throw notFound('Device');
      if (d.shopId === shopId) return;
      const held = await repo.countShopDevices(shopId, tx);
      if (held >= shop.terminalLimit) {
        throw new AppError('terminal_limit_reached', 'The shop holds as many devices as its terminal limit allows', {
          params: { terminal_limit: shop.terminalLimit },
        });
      }
      if (d.shopId !== null) {
        await repo.insertHistory(
          { deviceId, shopId: d.shopId, action: 'unassigned', userId: actor.userId, at: clock.now() },
          tx,
        );
      }
      await repo.updateDevice(deviceId, { shopId }, tx);
      await repo.insertHistory({ deviceId, shopId, action: 'assigned', userId: actor.userId, at: clock.now() }, tx);
    });
    return getDevice(deviceId);
  }

  async function unassignDevice(actor: Actor, deviceId: number) {
    await db.transaction(async (tx) => {
      const d = await repo.lockDevice(deviceId, tx);
      if (!d || d.resellerId !== actor.customerId) throw notFound('Device');
      if (d.shopId === null) return;
      await repo.updateDevice(deviceId, { shopId: null }, tx);
      await repo.insertHistory(
        { deviceId, shopId: d.shopId, action: 'unassigned', userId: actor.userId, at: clock.now() },
        tx,
      );
    });
    return getDevice(deviceId);
  }

  return { findDevices, changeDevice, findAssignedDevices, assignDevice, unassignDevice };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
