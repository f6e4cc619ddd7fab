import { Image, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganisation } from './organisations.queries.ts';

export interface OrganisationBrandProps {
  /** The sign-in screen shows the organisation's login logo where it has one. */
  variant?: 'header' | 'login';
}

export function OrganisationBrand({ variant = 'header' }: OrganisationBrandProps) {
  const { t } = useTranslation();
  const { data } = useOrganisation();
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
