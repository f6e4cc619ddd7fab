import { z } from 'zod';
import { type EndpointSchemas, pageOf, secret } from './envelope.ts';
import { LANGUAGES } from './limits.ts';
import { passwordSchema } from './password.ts';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from './roles.ts';
import { RULES } from './rules.ts';
import { LAYOUTS, THEMES } from './settings.ts';

export const pCheckBody = z.object({ organisation_name: z.string().max(253).optional() });

const supportInfo = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  text: z.string().nullable(),
});

export const organisationDetails = z.object({
  organisation_name: z.string(),
  logo: z.string().nullable(),
  login_logo: z.string().nullable(),
  support_info: supportInfo,
  /** Public half of the sign-in key (JWK, RSA-OAEP-256), used to encrypt the login payload. */
  login_key: z.object({
    kty: z.literal('RSA'),
    n: z.string(),
    e: z.string(),
    alg: z.literal('RSA-OAEP-256'),
    use: z.literal('enc'),
    /** The key's id in the server's ring (decision 0148): the browser names it in the JWE header. */
    kid: z.string(),
  }),
  /**
   * The server's clock (ISO 8601) when it answered: the browser dates its sign-in payload by this clock plus
   * the time passed since, so a counter PC whose own clock is off still signs in (the payload's age is checked
   * against the server's clock).
   */
  server_time: z.string(),
});
export type OrganisationDetails = z.infer<typeof organisationDetails>;

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

const bit = z.union([z.literal(0), z.literal(1)]);
const channel = z.enum(['sms', 'email']);

const signedInFields = {
  access_token: secret(z.string()),
  session_id: z.string(),
  customer_id: z.number(),
  reference: z.string(),
};

/** Sign-in outcomes of POST /api/login/ and /api/verify/. */
export const loginResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), ...signedInFields }),
  z.object({ status: z.literal('otp_required'), reference: z.string(), channel }),
  z.object({ status: z.literal('approval_required'), reference_id: z.string(), reference: z.string() }),
]);
export type LoginResult = z.infer<typeof loginResult>;

export const userSettings = updateSettingsBody.required();

const featureFlags = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, bit])) as Record<FeatureFlag, typeof bit>,
);

/** User info of spec section 3, returned by /api/auth_check/. */
export const userInfo = z.object({
  user_id: z.number(),
  customer_id: z.number(),
  session_id: z.string(),
  username: z.string(),
  name: z.string(),
  organisation_name: z.string(),
  address: z.object({ address: z.string(), house_no: z.string(), postal: z.string(), city: z.string() }),
  account_role: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  internal_role: bit,
  is_manager: bit,
  enable_web_view: bit,
  /** 1 while the account is active (the spec's generic `flag`). */
  flag: bit,
  contact_details: z.object({ support_info: supportInfo }),
  ...userSettings.shape,
  ...featureFlags.shape,
});
export type UserInfo = z.infer<typeof userInfo> & FeatureFlags;

/** Data of /api/check_login_request_approval/: the signed-in fields come with 'approved'. */
export const approvalStatus = z.discriminatedUnion('status', [
  z.object({ status: z.enum(['pending', 'rejected', 'expired']) }),
  z.object({ status: z.literal('approved'), ...signedInFields }),
]);
export type ApprovalStatus = z.infer<typeof approvalStatus>;

/** One row of /api/view_login_requests/. */
export const loginRequest = z.object({
  reference_id: z.string(),
  reference: z.string(),
  username: z.string(),
  name: z.string(),
  customer_name: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'expired']),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Data of /api/set_password_step_one/: where the code went, masked. */
export const otpDelivery = z.object({ channel, recipient: z.string() });
export type OtpDelivery = z.infer<typeof otpDelivery>;

export const authEndpoints = {
  '/login/': { body: loginBody, data: loginResult, rule: RULES.public },
  '/verify/': { body: verifyBody, data: loginResult, rule: RULES.public },
  '/check_login_request_approval/': { body: checkApprovalBody, data: approvalStatus, rule: RULES.public },
  '/logout/': { data: z.undefined(), rule: RULES.all },
  '/view_login_requests/': {
    body: viewLoginRequestsBody.optional(),
    data: pageOf('login_requests', loginRequest),
    rule: RULES.all,
  },
  '/update_login_requests/': { body: updateLoginRequestBody, data: z.undefined(), rule: RULES.all },
  '/set_password_step_one/': { body: setPasswordStepOneBody, data: otpDelivery, rule: RULES.public },
  '/set_password_step_two/': { body: setPasswordStepTwoBody, data: z.undefined(), rule: RULES.public },
  '/set_password_step_three/': { body: setPasswordStepThreeBody, data: z.undefined(), rule: RULES.public },
} satisfies Record<string, EndpointSchemas>;

/** The organisations domain's one call: its schemas live here beside the sign-in page that uses them. */
export const organisationsEndpoints = {
  '/p_check/': { body: pCheckBody.optional(), data: organisationDetails, rule: RULES.public },
} satisfies Record<string, EndpointSchemas>;

/** The users domain's calls: the signed-in user's own info and settings. */
export const usersEndpoints = {
  '/auth_check/': { data: userInfo, rule: RULES.all },
  '/update_settings/': { body: updateSettingsBody, data: userSettings, rule: RULES.all },
} satisfies Record<string, EndpointSchemas>;
