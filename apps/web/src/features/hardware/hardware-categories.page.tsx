import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { categoryFields } from '@portal/contract/hardware';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../lib/zod-form.ts';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { DescriptionField, EditOrAdd, ImageField } from './catalogue-parts.tsx';
import { CategoryCards } from './category-cards.tsx';
import { EditDeleteActions } from './edit-delete-actions.tsx';
import { type HardwareCategory, useCategories, useDeleteCategory, useSaveCategory } from './hardware.queries.ts';

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
        <ImageField {...form.getInputProps('image')} />
        <DescriptionField {...form.getInputProps('description')} />
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
                  onDelete={() =>
                    askToConfirm({
                      title: t('safeActions.catalogueDelete.categoryTitle', { name: c.category_name }),
                      consequence: t('safeActions.catalogueDelete.category', { name: c.category_name }),
                      confirmLabel: t('safeActions.deleteConfirm'),
                      danger: true,
                      run: () => remove.mutateAsync(c.category_id),
                      done: { message: t('safeActions.catalogueDelete.done', { name: c.category_name }) },
                    })
                  }
                />
              )}
            />
          )}
        </QueryState>
        <EditOrAdd
          editing={editing}
          keyOf={(c) => c.category_id}
          form={(category, onDone) => <CategoryForm category={category} onDone={onDone} />}
          newLabel={t('hardware.newCategory')}
          onStop={() => setEditing(null)}
        />
      </Stack>
    </>
  );
}
