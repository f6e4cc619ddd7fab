import { customersEndpoints, viewCustomersBody } from '@portal/contract/customers';
import { platformDetailsEndpoints } from '@portal/contract/platform-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { CustomersService } from './customers.service.ts';
import type { PasswordsService } from './passwords.service.ts';
import type { PlatformDetailsService } from './platform-details.service.ts';

const tags = ['customers'];

export function customersRoutes(s: {
  customers: CustomersService;
  passwords: PasswordsService;
  platformDetails: PlatformDetailsService;
}): FastifyPluginAsyncZod {
  const { customers, passwords } = s;
  return async (app) => {
    const route = routesOf(app, { ...customersEndpoints, ...platformDetailsEndpoints }, { tags });
    route('/view_customers/', async (req) => {
      const r = await customers.findCustomers(req.actor, viewCustomersBody.parse(req.body ?? {}));
      return ok(page('customers', r.items, r.total, r.page, r.applied));
    });
    route('/view_customers_list_with_less_data/', async (req) =>
      ok({ customers: await customers.findLessData(req.actor) }),
    );
    route('/customer_details/', async (req) => ok(await customers.getDetails(req.actor, req.body.customer_id)));
    route('/add_customer/', async (req) =>
      ok(await customers.addCustomer(req.actor, req.body, req.hostname), 'Customer added'),
    );
    route('/edit_customer/', async (req) => ok(await customers.editCustomer(req.actor, req.body), 'Customer saved'));
    route('/update_customer_status/', async (req) =>
      ok(await customers.updateStatus(req.actor, req.body), 'Status saved'),
    );
    route('/customer_status_impact/', async (req) => ok(await customers.statusImpact(req.actor, req.body.customer_id)));
    route('/update_customer_extra_details/', async (req) =>
      ok(await customers.updateExtra(req.actor, req.body), 'Details saved'),
    );
    route('/update_customer_remarks/', async (req) =>
      ok(await customers.updateRemarks(req.actor, req.body), 'Remarks saved'),
    );
    route('/update_customer_api_details/', async (req) =>
      ok(await customers.updateApiDetails(req.actor, req.body), 'API details saved'),
    );
    route('/update_customer_otp_type/', async (req) =>
      ok(await customers.updateOtpType(req.actor, req.body), 'OTP setting saved'),
    );
    route('/check_customer/', async (req) => {
      const r = await customers.checkUsername(req.actor, req.body.username);
      return ok(r, r.available ? 'Username is available' : 'Username is already taken');
    });
    route('/change_password/', async (req) => {
      await passwords.changePassword(req.actor, req.body);
      return ok(undefined, 'Password changed');
    });
    route('/platform_details/', async (req) => ok(await s.platformDetails.get(req.actor)));
    route('/update_platform_details/', async (req) =>
      ok(await s.platformDetails.update(req.actor, req.body), 'Details saved'),
    );
    route('/update_password/', async (req) => {
      await passwords.updatePassword(req.actor, req.body);
      return ok(undefined, 'Password changed');
    });
  };
}
