import type { texts as german, loginRequestsDe } from './de.ts';

export const loginRequestsEn: typeof loginRequestsDe = {
  description: 'Sign-ins from new devices that are waiting for your approval.',
  filterStatus: 'Status',
  status: {
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    expired: 'Expired',
    all: 'All',
  },
  reference: 'Reference',
  username: 'Username',
  name: 'Name',
  customer: 'Customer',
  ip: 'IP address',
  device: 'Device',
  created: 'Requested',
  expires: 'Valid until',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Sign-in approved',
  rejected: 'Sign-in rejected',
};

export const texts: typeof german = { loginRequests: loginRequestsEn, screen: { loginRequests: 'Login requests' } };
