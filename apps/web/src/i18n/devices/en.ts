import type { devicesDe, devicesErrorCodesDe, devicesScreensDe, texts as german } from './de.ts';

export const devicesErrorCodesEn: typeof devicesErrorCodesDe = {
  terminal_limit_reached: 'The shop already holds as many devices as its terminal limit ({{terminal_limit}}) allows.',
  serial_taken: 'A device with serial number {{serial_no}} is already registered.',
};

export const devicesScreensEn: typeof devicesScreensDe = {
  devices: 'Devices',
  deviceAdd: 'Add device',
  deviceEdit: 'Edit device',
  assignDevices: 'Assign devices',
  userDevices: 'My devices',
  customerDevices: "Customer's devices",
};

export const devicesEn: typeof devicesDe = {
  saved: 'Device saved.',
  assignmentSaved: 'Assignment saved.',
  tag: 'Tag',
  serialNo: 'Serial number',
  status: 'Status',
  statuses: {
    active: 'Active',
    inactive: 'Inactive',
  },
  reseller: 'Reseller',
  shop: 'Shop',
  actions: 'Actions',
  edit: 'Edit',
  editNamed: 'Edit {{tag}}',
  delete: 'Delete',
  deleteNamed: 'Delete {{tag}}',
  listDescription: 'Every device of the platform and who holds it.',
  search: 'Tag or serial number',
  required: 'Required.',
  device: 'Device',
  notFound: 'Device not found.',
  history: 'Assignment history',
  noHistory: 'No assignments yet.',
  at: 'When',
  deviceId: 'Device',
  action: 'Action',
  by: 'By',
  historyActions: {
    assigned: 'Assigned',
    unassigned: 'Taken back',
  },
  shopFor: 'Shop for {{tag}}',
  unassign: 'Take back',
  assignDescription: "Your devices and the shops holding them; each shop's terminal limit applies.",
};

export const texts: typeof german = {
  screen: devicesScreensEn,
  errors: { codes: devicesErrorCodesEn },
  devices: devicesEn,
};
