import { z } from 'zod';
import { freeText } from './credit.ts';
import { addressSchema, mobileRule, mobilesMatch, phone, storedAddress, usernameSchema } from './customer-fields.ts';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';

/** The public `/user/register` form. */
const filled = (field: string, max: number) => freeText(max).pipe(z.string().min(1, `${field}: required`));
/** A shop applying names where it is: the operator checks the address before accepting. */
const registrationAddress = addressSchema.extend({
  address: filled('address', 200),
  postal: filled('postal', 20),
  city: filled('city', 100),
});

export const registerBody = z
  .object({
    shop_name: freeText(150).pipe(z.string().min(1, 'shop_name: required')),
    contact_name: freeText(150).pipe(z.string().min(1, 'contact_name: required')),
    username: usernameSchema,
    email: z.email(),
    mobile: phone,
    mobile_confirmation: phone,
    address: registrationAddress,
    shop_type: freeText(60).optional(),
    message: freeText(1000).optional(),
  })
  .refine(mobilesMatch, mobileRule);
export type RegisterBody = z.infer<typeof registerBody>;

export const viewRegistrationBody = pageQuery.extend({
  status: z.enum(['pending', 'accepted', 'rejected', 'all']).default('pending'),
});
export const updateRegistrationBody = z
  .object({
    registration_id: z.number().int().positive(),
    status: z.enum(['accepted', 'rejected']),
    reject_reason: freeText(500).optional(),
  })
  .refine((b) => b.status !== 'rejected' || (b.reject_reason ?? '').length > 0, {
    path: ['reject_reason'],
    message: 'reject_reason: required when rejecting',
  });

export const REGISTRATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** One row of `/api/view_registration/`. */
export const registrationRow = z.object({
  registration_id: z.number().int(),
  shop_name: z.string(),
  contact_name: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: storedAddress,
  shop_type: z.string().nullable(),
  message: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  reject_reason: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type RegistrationRow = z.infer<typeof registrationRow>;

export const registrationReceived = z.object({ registration_id: z.number().int() });
export const registrationDecided = z.object({
  registration_id: z.number().int(),
  status: z.enum(['accepted', 'rejected']),
  customer_id: z.number().int().nullable(),
});

export const registrationsEndpoints = {
  '/register/': { body: registerBody, data: registrationReceived, rule: RULES.public },
  '/view_registration/': {
    body: viewRegistrationBody.optional(),
    data: pageOf('registrations', registrationRow),
    rule: RULES.customersChange,
  },
  '/update_registration/': { body: updateRegistrationBody, data: registrationDecided, rule: RULES.customersChange },
} satisfies Record<string, EndpointSchemas>;
