import type { ChangeDeviceBody, Device } from '@portal/contract/devices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type { Device };

export const deviceKeys = {
  all: ['devices'] as const,
  platform: () => [...deviceKeys.all, 'platform'] as const,
  one: (id: number) => [...deviceKeys.all, 'one', id] as const,
  assigned: (customerId: number | 'all') => [...deviceKeys.all, 'assigned', customerId] as const,
};

export type DeviceFilters = { search: string };
export const NO_DEVICE_FILTERS: DeviceFilters = { search: '' };

const body = (page: number, limit: number, filters: DeviceFilters, customerId?: number) => ({
  page,
  limit,
  ...(filters.search ? { search: filters.search } : {}),
  ...(customerId ? { customer_id: customerId } : {}),
});

/** `/devices`: every device of the platform. */
export async function findDevices({
  page,
  limit,
  filters,
  abort,
}: PageRequest<DeviceFilters>): Promise<PageResult<Device>> {
  const data = await api.call('/view_devices/', body(page, limit, filters), { abort });
  return { items: data.devices, filters: data.filters };
}

/** A reseller's devices (of one shop when given). */
export const findAssignedDevices =
  (customerId?: number) =>
  async ({ page, limit, filters, abort }: PageRequest<DeviceFilters>): Promise<PageResult<Device>> => {
    const data = await api.call('/view_assigned_devices/', body(page, limit, filters, customerId), {
      abort,
    });
    return { items: data.devices, filters: data.filters };
  };

export function useDeviceHistory(customerId?: number) {
  return useQuery({
    queryKey: [...deviceKeys.assigned(customerId ?? 'all'), 'history'],
    queryFn: ({ signal }) =>
      api
        .call('/view_assigned_devices/', body(1, 1, NO_DEVICE_FILTERS, customerId), { abort: signal })
        .then((d) => d.history ?? []),
  });
}

export function useDevice(id: number) {
  return useQuery({
    queryKey: deviceKeys.one(id),
    queryFn: ({ signal }) =>
      api.call('/view_devices/', { id, limit: 1 }, { abort: signal }).then((d) => d.devices[0] ?? null),
  });
}

export function useChangeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: ChangeDeviceBody) => api.call('/add_update_delete_devices/', b),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    meta: { successMessage: 'devices.saved' },
  });
}

/** Deleting a device: asked in a confirmation, which names the device in its toast (ui/confirm-action.tsx). */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('/add_update_delete_devices/', { action: 'delete', id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useAssignDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: { device_id: number; customer_id: number | null }) =>
      b.customer_id === null
        ? api.call('/delete_assigned_devices/', { device_id: b.device_id })
        : api.call('/add_update_delete_assigned_devices/', { device_id: b.device_id, customer_id: b.customer_id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    meta: { errorToast: true, successMessage: 'devices.assignmentSaved' },
  });
}
