export type ConfigFilters = { product_type: string; search_text: string };

/** The configurations a slab or PAD screen holds in full, narrowed by product type and name as the list filters ask. */
export function filterConfigurations<C extends { product_type: string; product_name: string }>(
  items: readonly C[],
  filters: ConfigFilters,
): C[] {
  const search = filters.search_text.toLowerCase();
  return items.filter(
    (c) =>
      (!filters.product_type || c.product_type === filters.product_type) &&
      (!search || c.product_name.toLowerCase().includes(search)),
  );
}
