import type { LoginRequest } from '@portal/contract/auth';

export type LoginRequestRow = {
  reference_id: string;
  reference: string;
  username: string;
  name: string;
  customer_name: string;
  ip: string | null;
  user_agent: string | null;
  /** Raw SQL answers timestamps as PostgreSQL prints them. */
  created_at: string;
  expires_at: string;
  status: LoginRequest['status'];
};

export const loginRequestOf = (r: LoginRequestRow): LoginRequest => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  expires_at: new Date(r.expires_at).toISOString(),
});
