import { Button, Card, FileInput, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { categoryFields } from '@portal/contract/hardware';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodValidate } from '../../lib/zod-form.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { EditDeleteActions } from './edit-delete-actions.tsx';
import { type HardwareCategory, useCategories, useDeleteCategory, useSaveCategory } from './hardware.queries.ts';

/** The category cards both sides see; the reseller's link to its product list, the shop's to ordering. */
function CategoryCards({
  categories,
  linkTo,
  actions,
}: {
  categories: HardwareCategory[];
  linkTo: (c: HardwareCategory) => string;
  actions?: (c: HardwareCategory) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (categories.length === 0) return <EmptyState title={t('hardware.noCategories')} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {categories.map((c) => (
        <Card key={c.category_id} withBorder radius="md" padding="md">
          <Card.Section>
            {c.image ? (
              <Image src={c.image} alt="" h={140} fit="contain" />
            ) : (
              <Group h={140} justify="center" c="dimmed">
                <IconPhoto size={40} aria-hidden />
              </Group>
            )}
          </Card.Section>
          <Stack gap={4} mt="sm">
            <Text fw={600} component={Link} to={linkTo(c)}>
              {c.category_name}
            </Text>
            {c.description && (
              <Text size="sm" c="dimmed">
                {c.description}
              </Text>
            )}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('hardware.productCount', { count: c.product_count })}
              </Text>
              {actions?.(c)}
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

interface CategoryValues {
  category_name: string;
  description: string;
  image: File | null;
}

function CategoryForm({ category, onDone }: { category?: HardwareCategory; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const form = useForm<CategoryValues>({
    initialValues: {
      category_name: category?.category_name ?? '',
      description: category?.description ?? '',
      image: null,
    },
    validate: zodValidate(categoryFields, t, { messages: { category_name: 'hardware.nameRequired' } }),
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={(v) => ({ id: category?.category_id, ...v, category_name: v.category_name.trim() })}
      onSuccess={() => {
        form.reset();
        onDone();
      }}
      submitLabel={category ? t('hardware.saveCategory') : t('hardware.addCategory')}
    >
      <FormSection
        title={category ? t('hardware.editCategory', { name: category.category_name }) : t('hardware.newCategory')}
      >
        <TextInput label={t('hardware.categoryName')} withAsterisk {...form.getInputProps('category_name')} />
        <FileInput
          label={t('hardware.image')}
          accept="image/png,image/jpeg,image/webp,image/gif"
          clearable
          {...form.getInputProps('image')}
        />
        <Textarea label={t('hardware.description')} autosize minRows={2} {...form.getInputProps('description')} />
      </FormSection>
    </ApiForm>
  );
}

/** `/hardware`: the reseller's categories, added, edited and removed here. */
export function HardwareCategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<HardwareCategory | null>(null);
  return (
    <>
      <PageHeader title={t('screen.hardwareShop')} description={t('hardware.catalogueDescription')} />
      <Stack gap="xl">
        <QueryState query={categories}>
          {(list) => (
            <CategoryCards
              categories={list}
              linkTo={(c) => `/hardware/category/${c.category_id}`}
              actions={(c) => (
                <EditDeleteActions
                  editLabel={t('hardware.editCategory', { name: c.category_name })}
                  deleteLabel={t('hardware.deleteNamed', { name: c.category_name })}
                  onEdit={() => setEditing(c)}
                  onDelete={() => remove.mutate(c.category_id)}
                />
              )}
            />
          )}
        </QueryState>
        {editing ? (
          <Stack>
            <CategoryForm key={editing.category_id} category={editing} onDone={() => setEditing(null)} />
            <Button variant="default" onClick={() => setEditing(null)} w="fit-content">
              {t('hardware.newCategory')}
            </Button>
          </Stack>
        ) : (
          <CategoryForm onDone={() => undefined} />
        )}
      </Stack>
    </>
  );
}

/** `/hardware/categories`: the shop browses its reseller's categories. */
export function ShopCategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <>
      <PageHeader title={t('screen.shopHardware')} description={t('hardware.shopDescription')} />
      <QueryState query={categories}>
        {(list) => <CategoryCards categories={list} linkTo={(c) => `/hardware/${c.category_id}`} />}
      </QueryState>
    </>
  );
}
