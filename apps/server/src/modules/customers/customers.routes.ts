import {
  addCustomerBody,
  changePasswordBody,
  checkCustomerBody,
  customerAdded,
  customerChoices,
  customerDetails,
  customerDetailsBody,
  customerListRow,
  customerOtpResult,
  customerRemarksResult,
  customerStatusImpact,
  customerStatusResult,
  editCustomerBody,
  updateCustomerApiBody,
  updateCustomerExtraBody,
  updateCustomerOtpBody,
  updateCustomerRemarksBody,
  updateCustomerStatusBody,
  updatePasswordBody,
  usernameCheck,
  viewCustomersBody,
} from '@portal/contract/customers';
import { emptyEnvelope, envelopeOf, pageOf } from '@portal/contract/envelope';
import { platformDetails, updatePlatformDetailsBody } from '@portal/contract/platform-details';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { CustomersService } from './customers.service.ts';
import type { PasswordsService } from './passwords.service.ts';
import type { PlatformDetailsService } from './platform-details.service.ts';

const tags = ['customers'];
const view = { rule: RULES.customersView };
const change = { rule: RULES.customersChange };
const details = { 200: envelopeOf(customerDetails) };

export function customersRoutes(s: {
  customers: CustomersService;
  passwords: PasswordsService;
  platformDetails: PlatformDetailsService;
}): FastifyPluginAsyncZod {
  const { customers, passwords } = s;
  const platform = { rule: RULES.platformDetails };
  const platformAnswer = { 200: envelopeOf(platformDetails) };
  return async (app) => {
    app.post(
      '/view_customers/',
      {
        schema: {
          body: viewCustomersBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('customers', customerListRow)) },
        },
        config: view,
      },
      async (req) => {
        const r = await customers.findCustomers(req.actor, viewCustomersBody.parse(req.body ?? {}));
        return ok(page('customers', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/view_customers_list_with_less_data/',
      { schema: { tags, response: { 200: envelopeOf(customerChoices) } }, config: view },
      async (req) => ok({ customers: await customers.findLessData(req.actor) }),
    );
    app.post(
      '/customer_details/',
      { schema: { body: customerDetailsBody, tags, response: details }, config: view },
      async (req) => ok(await customers.getDetails(req.actor, req.body.customer_id)),
    );
    app.post(
      '/add_customer/',
      { schema: { body: addCustomerBody, tags, response: { 200: envelopeOf(customerAdded) } }, config: change },
      async (req) => ok(await customers.addCustomer(req.actor, req.body, req.hostname), 'Customer added'),
    );
    app.post(
      '/edit_customer/',
      { schema: { body: editCustomerBody, tags, response: details }, config: change },
      async (req) => ok(await customers.editCustomer(req.actor, req.body), 'Customer saved'),
    );
    app.post(
      '/update_customer_status/',
      {
        schema: { body: updateCustomerStatusBody, tags, response: { 200: envelopeOf(customerStatusResult) } },
        config: change,
      },
      async (req) => ok(await customers.updateStatus(req.actor, req.body), 'Status saved'),
    );
    app.post(
      '/customer_status_impact/',
      {
        schema: { body: customerDetailsBody, tags, response: { 200: envelopeOf(customerStatusImpact) } },
        config: change,
      },
      async (req) => ok(await customers.statusImpact(req.actor, req.body.customer_id)),
    );
    app.post(
      '/update_customer_extra_details/',
      { schema: { body: updateCustomerExtraBody, tags, response: details }, config: change },
      async (req) => ok(await customers.updateExtra(req.actor, req.body), 'Details saved'),
    );
    app.post(
      '/update_customer_remarks/',
      {
        schema: { body: updateCustomerRemarksBody, tags, response: { 200: envelopeOf(customerRemarksResult) } },
        config: change,
      },
      async (req) => ok(await customers.updateRemarks(req.actor, req.body), 'Remarks saved'),
    );
    app.post(
      '/update_customer_api_details/',
      { schema: { body: updateCustomerApiBody, tags, response: details }, config: change },
      async (req) => ok(await customers.updateApiDetails(req.actor, req.body), 'API details saved'),
    );
    app.post(
      '/update_customer_otp_type/',
      {
        schema: { body: updateCustomerOtpBody, tags, response: { 200: envelopeOf(customerOtpResult) } },
        config: change,
      },
      async (req) => ok(await customers.updateOtpType(req.actor, req.body), 'OTP setting saved'),
    );
    app.post(
      '/check_customer/',
      { schema: { body: checkCustomerBody, tags, response: { 200: envelopeOf(usernameCheck) } }, config: change },
      async (req) => {
        const r = await customers.checkUsername(req.actor, req.body.username);
        return ok(r, r.available ? 'Username is available' : 'Username is already taken');
      },
    );
    app.post(
      '/change_password/',
      { schema: { body: changePasswordBody, tags, response: { 200: emptyEnvelope } }, config: change },
      async (req) => {
        await passwords.changePassword(req.actor, req.body);
        return ok(undefined, 'Password changed');
      },
    );
    app.get('/platform_details/', { schema: { tags, response: platformAnswer }, config: platform }, async (req) =>
      ok(await s.platformDetails.get(req.actor)),
    );
    app.post(
      '/update_platform_details/',
      { schema: { body: updatePlatformDetailsBody, tags, response: platformAnswer }, config: platform },
      async (req) => ok(await s.platformDetails.update(req.actor, req.body), 'Details saved'),
    );
    app.post(
      '/update_password/',
      { schema: { body: updatePasswordBody, tags, response: { 200: emptyEnvelope } }, config: { rule: RULES.all } },
      async (req) => {
        await passwords.updatePassword(req.actor, req.body);
        return ok(undefined, 'Password changed');
      },
    );
  };
}
