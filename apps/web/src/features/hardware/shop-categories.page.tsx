import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { CategoryCards } from './category-cards.tsx';
import { useCategories } from './hardware.queries.ts';

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
