import { z } from 'zod';
import { LANGUAGES } from './limits.ts';
import { passwordSchema } from './password.ts';
import { FEATURE_FLAGS, type FeatureFlags } from './roles.ts';
import { LAYOUTS, THEMES } from './settings.ts';

export const pCheckBody = z.object({ organisation_name: z.string().max(253).optional() });

export interface OrganisationDetails {
  organisation_name: string;
  logo: string | null;
  login_logo: string | null;
  support_info: { email: string | null; phone: string | null; text: string | null };
  /** Public half of the sign-in key (JWK, RSA-OAEP-256), used to encrypt the login payload. */
  login_key: Record<string, unknown>;
}

export const loginBody = z.object({ data: z.string().min(1).max(8192) });

/** The decrypted sign-in payload (spec section 7: username, password, device fingerprint, a fourth value). */
export const loginPayload = z.object({
  username: z.string().min(1).max(150),
  password: z.string().min(1).max(128),
  fingerprint: z.string().min(8).max(256),
  nonce: z.string().min(16).max(128),
  iat: z.number().int(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const verifyBody = z.object({
  username: z.string().min(1).max(150),
  otp: z.string().regex(/^\d{6}$/, 'otp: six digits'),
  reference: z.string().min(1).max(64),
});

export const checkApprovalBody = z.object({
  reference_id: z.string().min(1).max(64),
  reference: z.string().min(1).max(64),
});

export const viewLoginRequestsBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  status: z.enum(['pending', 'approved', 'rejected', 'expired', 'all']).default('pending'),
});

export const updateLoginRequestBody = z.object({
  reference_id: z.string().min(1).max(64),
  status: z.enum(['approved', 'rejected']),
});

export const setPasswordStepOneBody = z.object({ id: z.string().min(16).max(128) });
export const setPasswordStepTwoBody = z.object({ id: z.string().min(16).max(128), otp: z.string().regex(/^\d{6}$/) });
export const setPasswordStepThreeBody = z
  .object({ id: z.string().min(16).max(128), password: passwordSchema, confirm_password: z.string() })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: 'confirm_password: must match password',
  });

export const updateSettingsBody = z
  .object({
    layout: z.enum(LAYOUTS),
    theme: z.enum(THEMES),
    language: z.enum(LANGUAGES),
    template: z.number().int().min(0).max(5),
    show_print_popup: z.union([z.literal(0), z.literal(1)]),
    merge_receipts: z.union([z.literal(0), z.literal(1)]),
    download_csv: z.union([z.literal(0), z.literal(1)]),
    starred_pages: z.array(z.string().max(200)).max(10),
  })
  .partial();
export type UserSettings = Required<z.infer<typeof updateSettingsBody>>;

/** Sign-in outcomes of POST /api/login/ and /api/verify/. */
export type LoginResult =
  | { status: 'signed_in'; access_token: string; session_id: string; customer_id: number; reference: string }
  | { status: 'otp_required'; reference: string; channel: 'sms' | 'email' }
  | { status: 'approval_required'; reference_id: string; reference: string };

/** User info of spec section 3, returned by /api/auth_check/. */
export type UserInfo = {
  user_id: number;
  customer_id: number;
  session_id: string;
  username: string;
  name: string;
  organisation_name: string;
  address: { address: string; house_no: string; postal: string; city: string };
  account_role: 0 | 1 | 2 | 3;
  internal_role: 0 | 1;
  is_manager: 0 | 1;
  enable_web_view: 0 | 1;
  /** 1 while the account is active (the spec's generic `flag`). */
  flag: 0 | 1;
  contact_details: { support_info: { email: string | null; phone: string | null; text: string | null } };
} & UserSettings &
  FeatureFlags;

export const FEATURE_FLAG_KEYS = FEATURE_FLAGS;

/** Data of /api/check_login_request_approval/: the signed-in fields come with 'approved'. */
export type ApprovalStatus =
  | { status: 'pending' | 'rejected' | 'expired' }
  | ({ status: 'approved' } & Omit<Extract<LoginResult, { status: 'signed_in' }>, 'status'>);

/** One row of /api/view_login_requests/. */
export interface LoginRequest {
  reference_id: string;
  reference: string;
  username: string;
  name: string;
  customer_name: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
}

/** Data of /api/set_password_step_one/: where the code went, masked. */
export interface OtpDelivery {
  channel: 'sms' | 'email';
  recipient: string;
}

export interface DynamicBalance {
  balance: string;
  outstanding_credit: string;
  credit_limit: string;
  currency: 'EUR';
}
