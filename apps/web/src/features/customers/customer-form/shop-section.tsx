import { Checkbox, Group, NumberInput, Switch, Table, Text, TextInput } from '@mantine/core';
import { WEEKDAYS } from '@portal/contract/customer-fields';
import { useTranslation } from 'react-i18next';
import { DatesField } from '../../../ui/form-fields.tsx';
import { FormSection } from '../../../ui/form-kit.tsx';
import type { CustomerForm } from '../customer-form.ts';

export function ShopSection({ form }: { form: CustomerForm }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('customers.sectionShop')} cols={1}>
      <Group grow align="flex-start">
        <TextInput label={t('customers.shopType')} {...form.getInputProps('shop_type')} />
        <NumberInput
          label={t('customers.terminalLimit')}
          min={0}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('terminal_limit')}
        />
      </Group>
      <Switch
        label={t('customers.maskSellerDiscount')}
        description={t('customers.maskSellerDiscountHint')}
        {...form.getInputProps('mask_seller_discount', { type: 'checkbox' })}
      />
      <div>
        <Text fw={500} size="sm" mb={4}>
          {t('customers.shopTimings')}
        </Text>
        <Table withTableBorder={false} verticalSpacing={4} maw={560}>
          <Table.Tbody>
            {WEEKDAYS.map((day) => {
              const open = form.values.shop_timings[day].open;
              return (
                <Table.Tr key={day}>
                  <Table.Td w={150}>
                    <Checkbox
                      label={t(`customers.weekday.${day}`)}
                      {...form.getInputProps(`shop_timings.${day}.open`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      type="time"
                      aria-label={t('customers.opensAt', { day: t(`customers.weekday.${day}`) })}
                      disabled={!open}
                      {...form.getInputProps(`shop_timings.${day}.from`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      type="time"
                      aria-label={t('customers.closesAt', { day: t(`customers.weekday.${day}`) })}
                      disabled={!open}
                      {...form.getInputProps(`shop_timings.${day}.to`)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
      <Group align="flex-end">
        <Switch label={t('customers.lunch')} {...form.getInputProps('lunch.open', { type: 'checkbox' })} mb={8} />
        <TextInput
          type="time"
          label={t('customers.lunchFrom')}
          disabled={!form.values.lunch.open}
          {...form.getInputProps('lunch.from')}
        />
        <TextInput
          type="time"
          label={t('customers.lunchTo')}
          disabled={!form.values.lunch.open}
          {...form.getInputProps('lunch.to')}
        />
      </Group>
      <DatesField
        label={t('customers.holidays')}
        value={form.values.holidays}
        onChange={(dates) => form.setFieldValue('holidays', dates)}
      />
    </FormSection>
  );
}
