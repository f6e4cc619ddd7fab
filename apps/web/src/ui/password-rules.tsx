import { List, Text, ThemeIcon } from '@mantine/core';
import { PASSWORD_CHECKS } from '@portal/contract/password-checks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Live checklist of the password rule (spec section 5), one line per check. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('password.rulesTitle')}
      </Text>
      <List size="sm" spacing={2} center aria-live="polite">
        {PASSWORD_CHECKS.map((check) => {
          const ok = check.test(password);
          return (
            <List.Item
              key={check.key}
              c={ok ? 'teal' : 'dimmed'}
              data-passed={ok}
              icon={
                <ThemeIcon color={ok ? 'teal' : 'gray'} size={18} radius="xl" variant={ok ? 'filled' : 'light'}>
                  {ok ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              {t(`password.${check.key}`)}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
