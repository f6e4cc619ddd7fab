import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.ts';
import { customers } from '../../db/schema/customers.ts';
import { organisationHosts, organisations } from '../../db/schema/organisations.ts';

/** On a reseller's sub domain the reseller's own name and login logo brand the pages. */
const reseller = alias(customers, 'host_reseller');

export function createOrganisationsRepository(db: Db) {
  return {
    async findByHost(host: string) {
      const rows = await db
        .select({
          id: organisations.id,
          name: sql<string>`coalesce(${reseller.name}, ${organisations.name})`,
          logo: sql<string | null>`coalesce(${reseller.loginLogo}, ${organisations.logo})`,
          loginLogo: sql<string | null>`coalesce(${reseller.loginLogo}, ${organisations.loginLogo})`,
          supportEmail: organisations.supportEmail,
          supportPhone: organisations.supportPhone,
          supportText: organisations.supportText,
          resellerId: organisationHosts.resellerId,
        })
        .from(organisationHosts)
        .innerJoin(organisations, eq(organisations.id, organisationHosts.organisationId))
        .leftJoin(reseller, eq(reseller.id, organisationHosts.resellerId))
        .where(eq(organisationHosts.host, host.toLowerCase()));
      return rows[0];
    },
    async findById(id: number) {
      const rows = await db.select().from(organisations).where(eq(organisations.id, id));
      return rows[0];
    },
  };
}
export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
export type HostRow = NonNullable<Awaited<ReturnType<OrganisationsRepository['findByHost']>>>;
