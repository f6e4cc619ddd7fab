import { Alert, Badge, Button, Code, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type ApiKeyRow,
  type ApiKeysAnswer,
  type CreateApiKeyBody,
  type CreatedApiKey,
  createApiKeyBody,
} from '@portal/contract/partner';
import { berlinToday } from '@portal/contract/report-periods';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/errors.ts';
import { useFormatters } from '../lib/format.ts';
import { notify } from '../lib/notify.ts';
import { zodValidate } from '../lib/zod-form.ts';
import { type Column, ColumnsTable } from './data-table.tsx';
import { DateTime } from './date-time.tsx';
import { DayInput } from './day-input.tsx';
import { ErrorState } from './error-state.tsx';
import { ApiForm } from './form-kit.tsx';
import { PageLoader } from './page-loader.tsx';
import { ShownOnceDialog } from './shown-once-dialog.tsx';
import { type WebhookCalls, WebhooksPanel } from './webhooks-panel.tsx';

/** The calls behind the panel, from the partner feature's queries (`useApiKeyCalls`). */
export interface ApiKeyCalls {
  keys: UseQueryResult<ApiKeysAnswer, Error>;
  create: UseMutationResult<CreatedApiKey, Error, CreateApiKeyBody>;
  revoke: UseMutationResult<ApiKeyRow, Error, string>;
  webhooks: WebhookCalls;
}

/**
 * A shop's partner API keys (decision 0097): the API's state, the keys with their last use, a new key (shown once,
 * in a dialog) and revoking one. On `/seller/api` for the shop itself and on the customer's details for operators.
 */
export function ApiKeysPanel({ keys, create, revoke, webhooks }: ApiKeyCalls) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  if (keys.isError) return <ErrorState message={describeError(t, keys.error)} onRetry={() => keys.refetch()} />;
  if (!keys.data) return <PageLoader />;
  const d = keys.data;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="api-keys">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" mb={4}>
            {t('partner.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('partner.hint')}
          </Text>
        </div>
        <ApiState enabled={d.api_enabled === 1} ips={d.api_allowed_ips} />
        <KeyTable rows={d.api_keys} onRevoke={setRevoking} />
        <NewKeyForm create={create} users={d.users} onCreated={setCreated} />
        <WebhooksPanel settings={d.webhook} calls={webhooks} />
        <Text size="sm">
          <a href="/api/partner/docs" target="_blank" rel="noreferrer">
            {t('partner.docs')}
          </a>
        </Text>
      </Stack>
      {created && (
        <ShownOnceDialog
          title={t('partner.createdTitle', { name: created.name })}
          warning={t('partner.shownOnce')}
          value={created.api_key}
          testId="new-api-key"
          onClose={() => setCreated(null)}
        />
      )}
      {revoking && <RevokeDialog revoke={revoke} row={revoking} onClose={() => setRevoking(null)} />}
    </Paper>
  );
}

function ApiState({ enabled, ips }: { enabled: boolean; ips: string[] }) {
  const { t } = useTranslation();
  if (!enabled) return <Alert color="yellow">{t('partner.disabled')}</Alert>;
  return (
    <Text size="sm">{ips.length ? t('partner.allowedIps', { ips: ips.join(', ') }) : t('partner.noAllowedIps')}</Text>
  );
}

function KeyTable({ rows, onRevoke }: { rows: ApiKeyRow[]; onRevoke: (row: ApiKeyRow) => void }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  if (rows.length === 0) return <Text c="dimmed">{t('partner.noKeys')}</Text>;
  const columns: Column<ApiKeyRow>[] = [
    { key: 'name', header: t('partner.name'), render: (r) => r.name },
    { key: 'key', header: t('partner.key'), render: (r) => <Code>{r.key_prefix}…</Code> },
    { key: 'user', header: t('partner.user'), render: (r) => r.username },
    {
      key: 'created',
      header: t('partner.createdAt'),
      render: (r) => (
        <>
          <DateTime value={r.created_at} />
          <Text size="xs" c="dimmed">
            {r.created_by}
          </Text>
        </>
      ),
    },
    {
      key: 'used',
      header: t('partner.lastUsed'),
      render: (r) => (r.last_used_at ? <DateTime value={r.last_used_at} /> : t('partner.neverUsed')),
    },
    {
      key: 'expires',
      header: t('partner.expiresAt'),
      render: (r) => (r.expires_at ? date(r.expires_at) : t('partner.neverExpires')),
    },
    {
      key: 'status',
      header: t('partner.status'),
      render: (r) => {
        const status = r.revoked_at ? 'revoked' : r.expired ? 'expired' : 'active';
        return (
          <Badge variant="light" color={status === 'active' ? 'teal' : status === 'expired' ? 'orange' : 'gray'}>
            {t(`partner.${status}`)}
          </Badge>
        );
      },
    },
    {
      key: 'actions',
      header: null,
      render: (r) =>
        !r.revoked_at && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(r)}>
            {t('partner.revoke')}
          </Button>
        ),
    },
  ];
  return (
    <ColumnsTable rows={rows} columns={columns} rowKey={(r) => r.api_key_id} rowTestId="api-key-row" minWidth={640} />
  );
}

function NewKeyForm({
  create,
  users,
  onCreated,
}: {
  create: ApiKeyCalls['create'];
  users: { user_id: number; username: string }[];
  onCreated: (k: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: '', user_id: users[0] ? String(users[0].user_id) : '', expires_at: '' },
    validate: zodValidate(createApiKeyBody, t, { toBody: apiKeyBody, messages: { user_id: 'form.required' } }),
  });
  return (
    <ApiForm
      form={form}
      mutation={create}
      toInput={apiKeyBody}
      submitLabel={t('partner.create')}
      onSuccess={(k) => {
        form.reset();
        onCreated(k);
      }}
    >
      <Group align="flex-start" grow>
        <TextInput
          label={t('partner.name')}
          placeholder={t('partner.namePlaceholder')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('partner.user')}
          description={t('partner.userHint')}
          data={users.map((u) => ({ value: String(u.user_id), label: u.username }))}
          allowDeselect={false}
          {...form.getInputProps('user_id')}
        />
        <DayInput
          label={t('partner.expiresAt')}
          value={form.values.expires_at}
          onChange={(day) => form.setFieldValue('expires_at', day)}
          error={form.errors.expires_at}
          min={berlinToday()}
          clearable
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('partner.expiresHint')}
      </Text>
    </ApiForm>
  );
}

/** The call's body from the form: the contract's `createApiKeyBody` checks it here and on the server. */
function apiKeyBody(v: { name: string; user_id: string; expires_at: string }): CreateApiKeyBody {
  return { name: v.name.trim(), user_id: Number(v.user_id), ...(v.expires_at ? { expires_at: v.expires_at } : {}) };
}

function RevokeDialog({
  revoke,
  row,
  onClose,
}: {
  revoke: ApiKeyCalls['revoke'];
  row: ApiKeyRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('partner.revokeTitle', { name: row.name })}>
      <Stack>
        <Text>{t('partner.revokeText')}</Text>
        {revoke.error && <Alert color="red">{describeError(t, revoke.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(row.api_key_id, {
                onSuccess: () => {
                  notify({ color: 'teal', message: t('partner.revokedNotice', { name: row.name }) });
                  onClose();
                },
              })
            }
          >
            {t('partner.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
