import { Image, Text, UnstyledButton } from '@mantine/core';
import type { OrganisationDetails } from '@portal/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface OrganisationBrandProps {
  /** The sign-in screen shows the organisation's login logo where it has one. */
  variant?: 'header' | 'login';
  /** The organisation of the host; its name while it loads or when it has none. */
  organisation: OrganisationDetails | undefined;
}

export function OrganisationBrand({ variant = 'header', organisation: data }: OrganisationBrandProps) {
  const { t } = useTranslation();
  const name = data?.organisation_name ?? t('app.name');
  const logo = variant === 'login' ? (data?.login_logo ?? data?.logo) : data?.logo;
  return (
    <UnstyledButton component={Link} to="/" aria-label={name} miw={0}>
      {logo ? (
        <Image src={logo} alt={name} h={variant === 'login' ? 56 : 32} w="auto" fit="contain" />
      ) : (
        <Text fw={700} size={variant === 'login' ? 'xl' : 'lg'} truncate>
          {name}
        </Text>
      )}
    </UnstyledButton>
  );
}
