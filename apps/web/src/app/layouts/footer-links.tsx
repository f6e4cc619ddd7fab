import { Anchor, Group, Text } from '@mantine/core';
import type { ScreenPath } from '@portal/contract/screens';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { generalRoutes } from '../routes/general.routes.tsx';
import classes from './layout.module.css';

const FOOTER_PATHS: readonly ScreenPath[] = ['/agb', '/terms', '/impressum', '/version'];
// From the general screens only: the sign-in page shows this footer and does not load every route table.
const FOOTER_ROUTES = generalRoutes.filter((r) => FOOTER_PATHS.includes(r.path));

export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <Group component="footer" className={classes.footer} justify="center" gap="lg" py="md" mt="xl">
      {FOOTER_ROUTES.map((r) => (
        <Anchor key={r.path} component={Link} to={r.path} size="sm" c="dimmed">
          {t(r.title)}
        </Anchor>
      ))}
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()}
      </Text>
    </Group>
  );
}
