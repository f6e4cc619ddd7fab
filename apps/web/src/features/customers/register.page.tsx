import { Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type RegisterBody, registerBody } from '@portal/contract/registrations';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTACT_MESSAGES, zodValidate } from '../../lib/zod-form.ts';
import { ApiForm } from '../../ui/form-kit.tsx';
import { OrganisationBrand } from '../../ui/organisation-brand.tsx';
import { useOrganisation } from '../organisations/organisations.queries.ts';
import { useRegister } from './customers.queries.ts';

type RegisterValues = Omit<RegisterBody, 'shop_type' | 'message'> & { shop_type: string; message: string };

/** The call's body from the form: the contract's `registerBody` checks it here and on the server. */
function registrationBody(v: RegisterValues): RegisterBody {
  return { ...v, shop_type: v.shop_type.trim() || undefined, message: v.message.trim() || undefined };
}

/** `/user/register`: a shop applies to the operator of this host; the operator accepts or rejects it. */
export function RegisterPage() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const register = useRegister();
  const [done, setDone] = useState(false);
  const form = useForm<RegisterValues>({
    initialValues: {
      shop_name: '',
      contact_name: '',
      username: '',
      email: '',
      mobile: '',
      mobile_confirmation: '',
      address: { address: '', house_no: '', postal: '', city: '' },
      shop_type: '',
      message: '',
    },
    validate: zodValidate(registerBody, t, { toBody: registrationBody, messages: CONTACT_MESSAGES }),
  });

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={720}>
      <Stack>
        <OrganisationBrand variant="login" organisation={organisation.data} />
        {done ? (
          <Stack align="center" py="md">
            <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" />
            <Title order={1} fz="h3">
              {t('register.doneTitle')}
            </Title>
            <Text ta="center">{t('register.doneText')}</Text>
            <Button component={Link} to="/login">
              {t('setPassword.goToLogin')}
            </Button>
          </Stack>
        ) : (
          <>
            <div>
              <Title order={1} fz="h2">
                {t('screen.register')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('register.intro')}
              </Text>
            </div>
            <ApiForm
              form={form}
              mutation={register}
              toInput={registrationBody}
              onSuccess={() => setDone(true)}
              submitLabel={t('register.submit')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('customers.shopName')} required {...form.getInputProps('shop_name')} />
                <TextInput label={t('customers.shopType')} {...form.getInputProps('shop_type')} />
                <TextInput label={t('customers.contactName')} required {...form.getInputProps('contact_name')} />
                <TextInput
                  label={t('customers.username')}
                  required
                  autoComplete="username"
                  {...form.getInputProps('username')}
                />
                <TextInput label={t('customers.email')} type="email" required {...form.getInputProps('email')} />
                <div />
                <TextInput label={t('customers.mobile')} type="tel" required {...form.getInputProps('mobile')} />
                <TextInput
                  label={t('customers.mobileConfirmation')}
                  type="tel"
                  required
                  {...form.getInputProps('mobile_confirmation')}
                />
                <TextInput label={t('customers.street')} required {...form.getInputProps('address.address')} />
                <TextInput label={t('customers.houseNo')} {...form.getInputProps('address.house_no')} />
                <TextInput label={t('customers.postal')} required {...form.getInputProps('address.postal')} />
                <TextInput label={t('customers.city')} required {...form.getInputProps('address.city')} />
              </SimpleGrid>
              <Textarea
                label={t('customers.message')}
                autosize
                minRows={3}
                maxLength={1000}
                {...form.getInputProps('message')}
              />
            </ApiForm>
          </>
        )}
      </Stack>
    </Paper>
  );
}
