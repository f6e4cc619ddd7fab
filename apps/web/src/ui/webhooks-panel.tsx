import { Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { ApiKeysAnswer, DeliveryRow, RotatedSecret, WebhookEventType } from '@portal/contract/partner';
import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, notifyError } from '../lib/notify.ts';
import { type Column, DataTable, type PageRequest, type PageResult } from './data-table.tsx';
import { DateTime } from './date-time.tsx';
import { ShownOnceDialog } from './shown-once-dialog.tsx';

/** Where the delivery log's pages come from. */
export interface DeliveriesSource {
  queryKey: QueryKey;
  find: (request: PageRequest<NoFilters>) => Promise<PageResult<DeliveryRow>>;
}

/** The calls behind the webhook part of the keys panel (the partner feature's `useApiKeyCalls`). */
export interface WebhookCalls {
  deliveries: DeliveriesSource;
  rotate: UseMutationResult<RotatedSecret, Error, void>;
  resend: UseMutationResult<DeliveryRow, Error, number>;
}

const STATUS_COLOUR = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;
type NoFilters = Record<string, string>;
const NO_FILTERS: NoFilters = {};

/** Webhooks to the shop's callback URL: the signing secret (shown once) and the delivery log with "send again". */
export function WebhooksPanel({ settings, calls }: { settings: ApiKeysAnswer['webhook']; calls: WebhookCalls }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<RotatedSecret | null>(null);
  return (
    <Stack gap="sm" data-testid="webhooks">
      <Title order={3} fz="h5">
        {t('partner.webhooksTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('partner.webhooksHint')}
      </Text>
      <Text size="sm">
        {settings.callback_url ? t('partner.callbackUrl', { url: settings.callback_url }) : t('partner.noCallbackUrl')}
      </Text>
      <Group>
        <Text size="sm">
          {settings.rotated_at ? (
            <>
              {t('partner.secretSince')} <DateTime value={settings.rotated_at} />
            </>
          ) : (
            t('partner.noSecret')
          )}
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={calls.rotate.isPending}
          onClick={() => calls.rotate.mutate(undefined, { onSuccess: setSecret, onError: notifyError })}
        >
          {t(settings.has_secret ? 'partner.rotateSecret' : 'partner.createSecret')}
        </Button>
      </Group>
      <DeliveryLog calls={calls} />
      {secret && (
        <ShownOnceDialog
          title={t('partner.secretTitle')}
          warning={t('partner.secretShownOnce')}
          value={secret.secret}
          testId="new-webhook-secret"
          onClose={() => setSecret(null)}
        />
      )}
    </Stack>
  );
}

type Underscored<T> = T extends `${infer A}.${infer B}` ? `${A}_${B}` : never;
/** An event's text key: its type with `_` for the dot, which i18next reads as nesting. */
const textKey = (type: WebhookEventType) => type.replace('.', '_') as Underscored<WebhookEventType>;

function DeliveryLog({ calls }: { calls: WebhookCalls }) {
  const { t } = useTranslation();
  const columns: Column<DeliveryRow>[] = [
    {
      key: 'event',
      header: t('partner.event'),
      render: (d) => (
        <>
          {t(`partner.eventType.${textKey(d.event_type)}`)} <Code>{d.event_key}</Code>
        </>
      ),
    },
    {
      key: 'status',
      header: t('partner.status'),
      render: (d) => (
        <Badge variant="light" color={STATUS_COLOUR[d.status]}>
          {t(`partner.deliveryStatus.${d.status}`)}
        </Badge>
      ),
    },
    { key: 'attempts', header: t('partner.attempts'), render: (d) => d.attempts },
    { key: 'answer', header: t('partner.lastAnswer'), render: (d) => d.last_status_code ?? d.last_error ?? '—' },
    {
      key: 'attempt',
      header: t('partner.lastAttempt'),
      render: (d) => (d.last_attempt_at ? <DateTime value={d.last_attempt_at} /> : '—'),
    },
    {
      key: 'actions',
      header: null,
      render: (d) =>
        d.status !== 'pending' && (
          <Button
            size="xs"
            variant="subtle"
            loading={calls.resend.isPending && calls.resend.variables === d.delivery_id}
            onClick={() =>
              calls.resend.mutate(d.delivery_id, {
                onSuccess: () => notify({ color: 'teal', message: t('partner.resent') }),
                onError: notifyError,
              })
            }
          >
            {t('partner.resend')}
          </Button>
        ),
    },
  ];
  // Its own page in the address bar (`d_page`), beside the other lists of the customer's details.
  return (
    <DataTable
      queryKey={calls.deliveries.queryKey}
      queryFn={calls.deliveries.find}
      columns={columns}
      rowKey={(d) => d.delivery_id}
      rowTestId="delivery-row"
      defaultFilters={NO_FILTERS}
      urlPrefix="d_"
      caption={t('partner.deliveryLog')}
      emptyTitle={t('partner.noDeliveries')}
    />
  );
}
