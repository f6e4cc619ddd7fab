import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Clock } from '../platform/clock.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Keys } from '../platform/keys.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { PortalModule } from '../platform/module.ts';
import { createPinCrypto } from '../platform/pin-crypto.ts';
import { createPgStorage } from '../platform/storage.ts';
import type { DirectRechargeClient } from '../providers/direct-recharge/client.ts';
import type { DtOneClient } from '../providers/dtone/client.ts';
import type { FlixbusClient } from '../providers/flixbus/client.ts';
import type { MessageSender } from '../providers/messaging.ts';
import type { SoftPinClient } from '../providers/softpin/client.ts';
import { createAlertsModule } from './alerts/alerts.module.ts';
import { createAssignmentsModule } from './assignments/assignments.module.ts';
import { createAuditModule } from './audit/audit.module.ts';
import { createAuditChainModule } from './audit-chain/audit-chain.module.ts';
import { createAuthModule } from './auth/auth.module.ts';
import { createBankingModule } from './banking/banking.module.ts';
import { createCreditModule } from './credit/credit.module.ts';
import { createCustomersModule } from './customers/customers.module.ts';
import { createDatevModule } from './datev/datev.module.ts';
import { createDevicesModule } from './devices/devices.module.ts';
import { createDirectRechargeModule } from './direct-recharge/direct-recharge.module.ts';
import { createDynamicProductsModule } from './dynamic-products/dynamic-products.module.ts';
import { createFlixbusModule } from './flixbus/flixbus.module.ts';
import { createHardwareModule } from './hardware/hardware.module.ts';
import { createInventoryModule } from './inventory/inventory.module.ts';
import { createInvoicesModule } from './invoices/invoices.module.ts';
import { createKeysModule } from './keys/keys.module.ts';
import { createOrganisationsModule } from './organisations/organisations.module.ts';
import { createOutboxModule } from './outbox/outbox.module.ts';
import { createPartnerModule } from './partner/partner.module.ts';
import { createProductsModule } from './products/products.module.ts';
import { createProviderCataloguesModule } from './provider-catalogues/provider-catalogues.module.ts';
import { createProviderDiscountsModule } from './provider-discounts/provider-discounts.module.ts';
import type { TopupDiscounts } from './provider-sales/provider-sale-money.ts';
import { createProviderSalesModule } from './provider-sales/provider-sales.module.ts';
import { createProviderVatModule } from './provider-vat/provider-vat.module.ts';
import { createReclamationsModule, softPinCreditedIn } from './reclamations/reclamations.module.ts';
import { createReportsModule } from './reports/reports.module.ts';
import { createSearchModule } from './search/search.module.ts';
import { createSellingModule } from './selling/selling.module.ts';
import { createStaffModule } from './staff/staff.module.ts';
import { createStockReportsModule } from './stock-reports/stock-reports.module.ts';
import { createSuppliersModule } from './suppliers/suppliers.module.ts';
import { createTaxAuditModule } from './tax-audit/tax-audit.module.ts';
import { createTopupModule } from './topup/topup.module.ts';
import type { DtOneCallbackConfig } from './topup/topup-callback.service.ts';
import { createUsersModule } from './users/users.module.ts';

export interface ModuleDeps {
  db: Db;
  /** Report and export queries only: the replica of `DATABASE_READ_URL`, or `db` itself. */
  readDb: Db;
  clock: Clock;
  jobs: Jobs;
  keys: Keys;
  metrics: Pick<Metrics, 'countPurchase' | 'observeBatcher'>;
  senders: { sms: MessageSender; email: MessageSender };
  session: { idleMs: number; maxMs: number };
  partner: { allowPrivateTargets: boolean };
  /** Where jobs report what they skip and carry on after (a provider that did not answer, an alert not told). */
  log?: { warn(o: object, m: string): void };
  dtOne: DtOneClient | null;
  topup: {
    discounts: TopupDiscounts;
    pollMs: number;
    callback: DtOneCallbackConfig | null;
    /** Below this available balance (EUR) at DT One the superadmin is alerted (decision 0080, "Reconciliation"). */
    balanceAlertBelow?: string;
  };
  directRecharge: {
    provider: DirectRechargeClient | null;
    discounts: TopupDiscounts;
    pollMs: number;
  };
  flixbus?: {
    provider: FlixbusClient | null;
    discounts: TopupDiscounts;
    pollMs: number;
  };
  softPin?: { provider: SoftPinClient | null; pollMs: number };
  /** Purchases that arrive together share one database call (default on; `PURCHASE_BATCHING=off` for comparison). */
  purchaseBatching?: boolean;
  purchaseBatchWindowMs?: number;
  /** The hash chain's anchors (decision 0142): the backup folder the head is written to, and the log it goes to. */
  auditChain?: { anchorDir: string; log: { info(o: object, m: string): void } };
}

/** The explicit list of domain modules: services wired with exactly what they use, routes under /api. */
export function createModules(deps: ModuleDeps) {
  const { db, clock, jobs } = deps;
  const outboxModule = createOutboxModule({ db, clock, jobs, keys: deps.keys, senders: deps.senders });
  const { outbox } = outboxModule.services;
  const organisationsModule = createOrganisationsModule({ db, clock: deps.clock, loginKeys: deps.keys.login });
  const { organisations } = organisationsModule.services;
  const authModule = createAuthModule({
    db,
    clock,
    outbox,
    organisations,
    loginKeys: deps.keys.login,
    session: deps.session,
  });
  const auth = authModule.services;
  const usersModule = createUsersModule({ db });
  const { users } = usersModule.services;
  const creditModule = createCreditModule({ db, clock, jobs });
  const credit = creditModule.services;
  const assignmentsModule = createAssignmentsModule({ db, clock });
  const assignments = assignmentsModule.services;
  const customersModule = createCustomersModule({
    db,
    clock,
    assertSlabMargins: assignments.rules.assertDefaultSlabMargins,
    openWallet: credit.ledger.openWallet,
    resolveHost: organisations.resolveHost,
    createInvitation: auth.invitations.createInvitation,
    outbox,
  });
  const customers = customersModule.services;
  const staffModule = createStaffModule({
    db,
    clock,
    onboarding: customers.onboarding,
    passwords: customers.passwords,
  });
  const staff = staffModule.services.staff;
  const pinCrypto = createPinCrypto(deps.keys);
  const storage = createPgStorage(db, pinCrypto, clock);
  const productsModule = createProductsModule({ db, storage, clock });
  const suppliersModule = createSuppliersModule({ db });
  const { products } = productsModule.services;
  const { suppliers } = suppliersModule.services;
  // Before the inventory (an approved import asks for a low-stock scan), selling and the providers (a sale refused
  // for its reseller's balance raises the reseller's notice).
  const alertsModule = createAlertsModule({ db, clock, jobs, outbox, log: deps.log });
  const inventoryModule = createInventoryModule({
    db,
    clock,
    jobs,
    pinCrypto,
    storage,
    products,
    suppliers,
    findPlansBrokenByCost: assignments.rules.findPlansBrokenByCost,
    ledger: credit.ledger,
    onStockAdded: alertsModule.services.alerts.requestLowStockScan,
  });
  const stockReportsModule = createStockReportsModule({ db, readDb: deps.readDb, products, suppliers });
  const catalogue = [productsModule, suppliersModule, inventoryModule, stockReportsModule];
  const onResellerShort = alertsModule.services.alerts.requestLowBalanceScan;
  const sellingModule = createSellingModule({
    onResellerShort,
    db,
    clock,
    jobs,
    metrics: deps.metrics,
    credit: credit.autoCredit,
    pinCrypto,
    storage,
    purchaseBatching: deps.purchaseBatching,
    purchaseBatchWindowMs: deps.purchaseBatchWindowMs,
    log: deps.log,
  });
  const selling = sellingModule.services;
  const flixbusDeps = { provider: null, discounts: { reseller: '6', seller: '3' }, pollMs: 5_000, ...deps.flixbus };
  /** The platform's discounts per provider where none is assigned (`*_RESELLER_DISCOUNT`/`*_SELLER_DISCOUNT`). */
  const providerDefaults = {
    dtone: deps.topup.discounts,
    direct_recharge: deps.directRecharge.discounts,
    flixbus: flixbusDeps.discounts,
  };
  const providerDiscountsModule = createProviderDiscountsModule({
    db,
    clock,
    defaults: providerDefaults,
  });
  const { providerDiscounts } = providerDiscountsModule.services;
  const providerVatModule = createProviderVatModule({ db, clock });
  const { providerVat } = providerVatModule.services;
  // The provider-sale engine, built once: every provider below sells and settles through its services.
  const providerSalesModule = createProviderSalesModule({
    onResellerShort,
    db,
    clock,
    jobs,
    keys: selling.keys,
    ledger: credit.ledger,
    credit: credit.autoCredit,
    pinCrypto,
    log: deps.log,
  });
  const providerDeps = { db, clock, providerSales: providerSalesModule.services.sales, log: deps.log };
  const directRechargeModule = createDirectRechargeModule({
    ...providerDeps,
    ...deps.directRecharge,
    discounts: providerDiscounts.of('direct_recharge'),
  });
  const flixbusModule = createFlixbusModule({
    ...providerDeps,
    ...flixbusDeps,
    discounts: providerDiscounts.of('flixbus'),
    vatAt: providerVat.findAt,
  });
  const dynamicProductsModule = createDynamicProductsModule({
    ...providerDeps,
    pinCrypto,
    provider: deps.softPin?.provider ?? null,
    pollMs: deps.softPin?.pollMs ?? 5_000,
    creditedByReclamation: softPinCreditedIn(db),
  });
  const providerCataloguesModule = createProviderCataloguesModule({
    clock,
    dtOne: deps.dtOne,
    directRecharge: deps.directRecharge.provider,
    flixbus: flixbusDeps.provider,
    softPin: deps.softPin?.provider ?? null,
    softPinCatalogue: dynamicProductsModule.services.softPinCatalogue,
    defaults: providerDefaults,
  });
  const topupModule = createTopupModule({
    ...providerDeps,
    dtOne: deps.dtOne,
    ...deps.topup,
    discounts: providerDiscounts.of('dtone'),
    details: providerSalesModule.services.details,
  });
  const bankingModule = createBankingModule({ db, clock, jobs, storage, topups: credit.topups, ledger: credit.ledger });
  const devicesModule = createDevicesModule({ db, clock });
  const hardwareModule = createHardwareModule({ db, clock, storage, ledger: credit.ledger });
  const reportsModule = createReportsModule({
    db,
    readDb: deps.readDb,
    clock,
    jobs,
    storage,
    onThresholdChanged: alertsModule.services.alerts.requestLowStockScan,
  });
  const partnerModule = createPartnerModule({
    db,
    clock,
    jobs,
    pinCrypto,
    selling,
    credit,
    topups: topupModule.services,
    settledId: reportsModule.services.rollup.settledId,
    allowPrivateTargets: deps.partner.allowPrivateTargets,
  });
  const invoicesModule = createInvoicesModule({ db, clock, jobs, outbox });
  const reclamationsModule = createReclamationsModule({
    db,
    clock,
    ledger: credit.ledger,
    invoices: invoicesModule.services.invoices,
    pinCrypto,
  });
  const searchModule = createSearchModule({ db, pinCrypto });
  const auditModule = createAuditModule({ db });
  const auditChainModule = createAuditChainModule({
    db,
    anchorDir: deps.auditChain?.anchorDir ?? 'backups',
    log: deps.auditChain?.log ?? { info: () => {} },
  });
  const datevModule = createDatevModule({ db, clock });
  const taxAuditModule = createTaxAuditModule({ db: deps.readDb, clock });
  const keysModule = createKeysModule({ db, pinCrypto, log: deps.log });
  /** Every module, in registration order: its routes and jobs are taken from here and nowhere else. */
  const modules: PortalModule<object>[] = [
    outboxModule,
    organisationsModule,
    authModule,
    usersModule,
    creditModule,
    customersModule,
    staffModule,
    assignmentsModule,
    providerDiscountsModule,
    providerVatModule,
    sellingModule,
    partnerModule,
    providerSalesModule,
    topupModule,
    directRechargeModule,
    flixbusModule,
    dynamicProductsModule,
    providerCataloguesModule,
    ...catalogue,
    bankingModule,
    hardwareModule,
    devicesModule,
    reportsModule,
    invoicesModule,
    reclamationsModule,
    alertsModule,
    searchModule,
    auditModule,
    auditChainModule,
    datevModule,
    taxAuditModule,
    keysModule,
  ];
  const moduleJobs = modules.flatMap((m) => m.jobs);
  for (const j of moduleJobs) jobs.define(j);

  return {
    services: {
      outbox,
      auth,
      organisations,
      users,
      credit,
      transactionKeys: selling.keys,
      selling,
      partner: partnerModule.services,
      customers,
      staff,
      assignments,
      providerDiscounts,
      providerVat,
      products,
      suppliers,
      ...inventoryModule.services,
      stockReports: stockReportsModule.services.stockReports,
      reports: reportsModule.services,
      topup: topupModule.services,
      directRecharge: directRechargeModule.services,
      flixbus: flixbusModule.services,
      dynamicProducts: dynamicProductsModule.services,
      invoices: invoicesModule.services.invoices,
      invoiceDocuments: invoicesModule.services.invoiceDocuments,
      reclamations: reclamationsModule.services.reclamations,
      alerts: alertsModule.services.alerts,
      search: searchModule.services.search,
      datev: datevModule.services.datev,
      storage,
      pinCrypto,
      keyRotation: keysModule.services.keyRotation,
    },
    /** Recurring jobs (cron, Europe/Berlin), scheduled once at start by main.ts. */
    schedules: [...moduleJobs.flatMap((j) => (j.schedule ? [[j.name, j.schedule] as const] : []))] as const,
    async register(app: FastifyInstance) {
      for (const m of modules) await m.register(app);
    },
  };
}
export type Modules = ReturnType<typeof createModules>;
