import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { WEEKDAYS } from '@portal/contract/customer-fields';
import type { SellerDashboard } from '@portal/contract/selling';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useSaveShopTimings, useSaveSupportId } from '../selling.queries.ts';

type Timings = Record<string, { open: string; close: string } | null>;

/** The shop's opening hours and its remote-support id (managers of the shop only). */
export function ShopSettings({ shop }: { shop: SellerDashboard['shop'] }) {
  const { t } = useTranslation();
  const saveTimings = useSaveShopTimings();
  const saveSupport = useSaveSupportId();
  const [timings, setTimings] = useState<Timings>({});
  const [lunch, setLunch] = useState<{ from: string; to: string } | null>(null);
  const [supportId, setSupportId] = useState('');
  useEffect(() => {
    setTimings(shop.shop_timings ?? {});
    setLunch(shop.lunch);
    setSupportId(shop.support_id ?? '');
  }, [shop]);
  const done = { onSuccess: () => notify({ color: 'green', message: t('selling.shop.saved') }) };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="shop-timings">
        <Title order={2} fz="h4" mb="sm" id="shop-timings">
          {t('selling.shop.timings')}
        </Title>
        <Stack gap="xs">
          {WEEKDAYS.map((day) => {
            const span = timings[day] ?? null;
            return (
              <Group key={day} gap="xs" wrap="nowrap">
                <Checkbox
                  w={130}
                  label={t(`selling.shop.days.${day}`)}
                  checked={span !== null}
                  onChange={(e) =>
                    setTimings({
                      ...timings,
                      [day]: e.currentTarget.checked ? { open: '09:00', close: '18:00' } : null,
                    })
                  }
                />
                {span && (
                  <>
                    <TextInput
                      type="time"
                      aria-label={t('selling.shop.opens', { day: t(`selling.shop.days.${day}`) })}
                      value={span.open}
                      onChange={(e) => setTimings({ ...timings, [day]: { ...span, open: e.currentTarget.value } })}
                    />
                    <TextInput
                      type="time"
                      aria-label={t('selling.shop.closes', { day: t(`selling.shop.days.${day}`) })}
                      value={span.close}
                      onChange={(e) => setTimings({ ...timings, [day]: { ...span, close: e.currentTarget.value } })}
                    />
                  </>
                )}
                {!span && (
                  <Text size="sm" c="dimmed">
                    {t('selling.shop.closed')}
                  </Text>
                )}
              </Group>
            );
          })}
          <Group gap="xs" wrap="nowrap">
            <Checkbox
              w={130}
              label={t('selling.shop.lunch')}
              checked={lunch !== null}
              onChange={(e) => setLunch(e.currentTarget.checked ? { from: '13:00', to: '14:00' } : null)}
            />
            {lunch && (
              <>
                <TextInput
                  type="time"
                  aria-label={t('selling.shop.lunchFrom')}
                  value={lunch.from}
                  onChange={(e) => setLunch({ ...lunch, from: e.currentTarget.value })}
                />
                <TextInput
                  type="time"
                  aria-label={t('selling.shop.lunchTo')}
                  value={lunch.to}
                  onChange={(e) => setLunch({ ...lunch, to: e.currentTarget.value })}
                />
              </>
            )}
          </Group>
          <Group justify="flex-end">
            <Button
              loading={saveTimings.isPending}
              onClick={() =>
                saveTimings.mutate(
                  { shop_timings: Object.fromEntries(WEEKDAYS.map((d) => [d, timings[d] ?? null])), lunch },
                  done,
                )
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="support-id">
        <Title order={2} fz="h4" mb="xs" id="support-id">
          {t('selling.shop.supportId')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('selling.shop.supportIdHint')}
        </Text>
        <Group align="flex-end">
          <TextInput
            label={t('selling.shop.supportId')}
            value={supportId}
            onChange={(e) => setSupportId(e.currentTarget.value)}
            maxLength={64}
          />
          <Button
            loading={saveSupport.isPending}
            disabled={supportId.trim() === ''}
            onClick={() => saveSupport.mutate(supportId.trim(), done)}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Paper>
    </SimpleGrid>
  );
}
