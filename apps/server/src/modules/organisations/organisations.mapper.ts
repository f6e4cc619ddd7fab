import type { OrganisationDetails } from '@portal/contract/auth';
import type { HostRow } from './organisations.repository.ts';

export function brandingOf(org: HostRow, loginKey: OrganisationDetails['login_key'], now: Date): OrganisationDetails {
  return {
    organisation_name: org.name,
    logo: org.logo,
    login_logo: org.loginLogo,
    support_info: { email: org.supportEmail, phone: org.supportPhone, text: org.supportText },
    login_key: loginKey,
    server_time: now.toISOString(),
  };
}
