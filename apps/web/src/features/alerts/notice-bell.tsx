import { ActionIcon, Button, Group, Indicator, Menu, Text } from '@mantine/core';
import { NOTICE_KINDS, NOTICE_RULES, type Notice, type NoticeKind } from '@portal/contract/alerts';
import { passesRule } from '@portal/contract/rules';
import { IconBell } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { type Formatters, useFormatters } from '../../lib/format.ts';
import { ruleSubject, useSession } from '../../lib/session.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { useMarkNoticesRead, useNotices } from './alerts.queries.ts';

/** The bell in the top bar: the notices of the user's customer that the user may act on, newest first. */
export function NoticeBell() {
  const { t } = useTranslation();
  const { user } = useSession();
  const subject = ruleSubject(user);
  const seesNotices = NOTICE_KINDS.some((kind) => passesRule(subject, NOTICE_RULES[kind]));
  const notices = useNotices(seesNotices);
  const markRead = useMarkNoticesRead();
  const navigate = useNavigate();
  if (!seesNotices) return null;

  const unread = notices.data?.unread ?? 0;
  const open = (notice: Notice) => {
    if (!notice.read) markRead.mutate([notice.id]);
    void navigate(notice.link);
  };
  return (
    <Menu position="bottom-end" width={340} withinPortal>
      <Menu.Target>
        {/* The menu's button itself gets the menu's ARIA attributes, so the count sits inside it. */}
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={unread > 0 ? `${t('alerts.bell')}: ${t('alerts.unread', { count: unread })}` : t('alerts.bell')}
          data-testid="notice-bell"
        >
          <Indicator label={unread} size={16} disabled={unread === 0} offset={2} color="red">
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Group justify="space-between" px="sm" py={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {t('alerts.bell')}
          </Text>
          {unread > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              {t('alerts.markAllRead')}
            </Button>
          )}
        </Group>
        <Menu.Divider />
        {notices.isError ? (
          <Text size="sm" c="red" px="sm" py="xs" role="alert">
            {describeError(t, notices.error)}
          </Text>
        ) : notices.data?.notices.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('alerts.none')}
          </Text>
        ) : (
          notices.data?.notices.map((notice) => (
            <Menu.Item key={notice.id} onClick={() => open(notice)} data-testid="notice">
              <NoticeText notice={notice} />
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A notice's amount for the user; one written without it reads as a dash, not "NaN €". */
const amount = (money: Formatters['money'], value: string | number | undefined) =>
  value === undefined ? '–' : money(value);

/** The values each kind's text names, formatted for the user. */
const TEXT_VALUES: Record<
  NoticeKind,
  (p: Notice['params'], money: Formatters['money'], t: TFunction) => Record<string, unknown>
> = {
  low_stock: (p, money) => ({
    name: `${p.product_name} ${amount(money, p.value)}`,
    available: p.available,
    threshold: p.threshold,
  }),
  low_balance: (p, money) => ({
    customer: p.customer_name,
    balance: amount(money, p.balance),
    trigger: amount(money, p.trigger),
  }),
  provider_alert: (p, _money, t) => {
    const provider = PROVIDER_NAMES[String(p.provider)] ?? String(p.provider);
    return { provider, reason: t(`alerts.providerCodes.${p.code}` as 'alerts.providerCodes.1006001', { provider }) };
  },
  invoice_mail_failed: (p) => ({ invoice_no: p.invoice_no, customer: p.customer_name }),
  reclamation: (p) => ({ id: p.reclamation_id, customer: p.customer_name }),
};

/** The providers' names as their owners write them. */
const PROVIDER_NAMES: Record<string, string> = { dtone: 'DT One' };

/** A provider's balance read below the platform's threshold (decision 0080): no refusal, its own text. */
const isBalanceLow = (n: Notice) => n.kind === 'provider_alert' && n.params.code === 'balance_low';

function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  return (
    <>
      <Text size="sm" fw={notice.read ? 400 : 600}>
        {isBalanceLow(notice)
          ? t('alerts.providerBalanceLow', {
              provider: PROVIDER_NAMES[String(notice.params.provider)] ?? String(notice.params.provider),
              available: amount(money, notice.params.available),
              threshold: amount(money, notice.params.threshold),
            })
          : t(`alerts.kinds.${notice.kind}`, TEXT_VALUES[notice.kind](notice.params, money, t))}
      </Text>
      <Text size="xs" c="dimmed">
        <DateTime value={notice.created_at} />
      </Text>
    </>
  );
}
