import type { OrganisationDetails } from '@portal/contract/auth';
import type { HostRow } from './organisations.repository.ts';

export function brandingOf(org: HostRow, loginKey: OrganisationDetails['login_key']): OrganisationDetails {
  return {
    organisation_name: org.name,
    logo: org.logo,
    login_logo: org.loginLogo,
    support_info: { email: org.supportEmail, phone: org.supportPhone, text: org.supportText },
    login_key: loginKey,
  };
}
