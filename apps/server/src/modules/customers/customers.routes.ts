import {
  addCustomerBody,
  changePasswordBody,
  checkCustomerBody,
  customerDetailsBody,
  editCustomerBody,
  registerBody,
  updateCustomerApiBody,
  updateCustomerExtraBody,
  updateCustomerOtpBody,
  updateCustomerRemarksBody,
  updateCustomerStatusBody,
  updatePasswordBody,
  updateRegistrationBody,
  viewCustomersBody,
  viewRegistrationBody,
} from '@portal/contract/customers';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { CustomersService } from './customers.service.ts';

const tags = ['customers'];
const view = { rule: RULES.customersView };
const change = { rule: RULES.customersChange };

export function customersRoutes(customers: CustomersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_customers/',
      { schema: { body: viewCustomersBody.optional(), tags }, config: view },
      async (req) => {
        const r = await customers.findCustomers(req.actor, viewCustomersBody.parse(req.body ?? {}));
        return ok(page('customers', r.items, r.total, r.page, r.applied));
      },
    );
    app.post('/view_customers_list_with_less_data/', { schema: { tags }, config: view }, async (req) =>
      ok({ customers: await customers.findLessData(req.actor) }),
    );
    app.post('/customer_details/', { schema: { body: customerDetailsBody, tags }, config: view }, async (req) =>
      ok(await customers.getDetails(req.actor, req.body.customer_id)),
    );
    app.post('/add_customer/', { schema: { body: addCustomerBody, tags }, config: change }, async (req) =>
      ok(await customers.addCustomer(req.actor, req.body, req.hostname), 'Customer added'),
    );
    app.post('/edit_customer/', { schema: { body: editCustomerBody, tags }, config: change }, async (req) =>
      ok(await customers.editCustomer(req.actor, req.body), 'Customer saved'),
    );
    app.post(
      '/update_customer_status/',
      { schema: { body: updateCustomerStatusBody, tags }, config: change },
      async (req) => ok(await customers.updateStatus(req.actor, req.body), 'Status saved'),
    );
    app.post(
      '/update_customer_extra_details/',
      { schema: { body: updateCustomerExtraBody, tags }, config: change },
      async (req) => ok(await customers.updateExtra(req.actor, req.body), 'Details saved'),
    );
    app.post(
      '/update_customer_remarks/',
      { schema: { body: updateCustomerRemarksBody, tags }, config: change },
      async (req) => ok(await customers.updateRemarks(req.actor, req.body), 'Remarks saved'),
    );
    app.post(
      '/update_customer_api_details/',
      { schema: { body: updateCustomerApiBody, tags }, config: change },
      async (req) => ok(await customers.updateApiDetails(req.actor, req.body), 'API details saved'),
    );
    app.post(
      '/update_customer_otp_type/',
      { schema: { body: updateCustomerOtpBody, tags }, config: change },
      async (req) => ok(await customers.updateOtpType(req.actor, req.body), 'OTP setting saved'),
    );
    app.post('/check_customer/', { schema: { body: checkCustomerBody, tags }, config: change }, async (req) => {
      const r = await customers.checkUsername(req.actor, req.body.username);
      return ok(r, r.available ? 'Username is available' : 'Username is already taken');
    });
    app.post('/change_password/', { schema: { body: changePasswordBody, tags }, config: change }, async (req) => {
      await customers.changePassword(req.actor, req.body);
      return ok(undefined, 'Password changed');
    });
    app.post(
      '/update_password/',
      { schema: { body: updatePasswordBody, tags }, config: { rule: RULES.all } },
      async (req) => {
        await customers.updatePassword(req.actor, req.body);
        return ok(undefined, 'Password changed');
      },
    );
    // Public: a shop applies. Capped per address on top of validation; the operator decides.
    app.post(
      '/register/',
      {
        schema: { body: registerBody, tags },
        config: { rule: RULES.public, rateLimit: { max: 5, timeWindow: '1 hour' } },
      },
      async (req) => ok(await customers.register(req.hostname, req.body), 'Registration received'),
    );
    app.post(
      '/view_registration/',
      { schema: { body: viewRegistrationBody.optional(), tags }, config: change },
      async (req) => {
        const r = await customers.findRegistrations(req.actor, viewRegistrationBody.parse(req.body ?? {}));
        return ok(page('registrations', r.items, r.total, r.page, r.applied));
      },
    );
    app.post('/update_registration/', { schema: { body: updateRegistrationBody, tags }, config: change }, async (req) =>
      ok(
        await customers.decideRegistration(req.actor, req.body, req.hostname),
        req.body.status === 'accepted' ? 'Registration accepted' : 'Registration rejected',
      ),
    );
  };
}
