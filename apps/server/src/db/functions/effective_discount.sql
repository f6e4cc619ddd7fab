-- A customer's discount on a configuration: the plan of its assignment, or without one its default
-- slab; a plan without the configuration gives no discount. A single SELECT, so the planner inlines it.
-- (Migration 0008.)
CREATE OR REPLACE FUNCTION effective_discount(p_customer_id integer, p_configuration_id integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE WHEN eff_pa.discount_slab_id IS NOT NULL
      THEN (SELECT eff_i.discount FROM discount_slab_items eff_i
            WHERE eff_i.slab_id = eff_pa.discount_slab_id AND eff_i.configuration_id = eff_pa.configuration_id)
      ELSE (SELECT eff_i.discount FROM customers eff_c JOIN discount_slab_items eff_i ON eff_i.slab_id = eff_c.discount_slab_id
            WHERE eff_c.id = eff_pa.customer_id AND eff_i.configuration_id = eff_pa.configuration_id) END
    FROM product_assignments eff_pa
    WHERE eff_pa.customer_id = p_customer_id AND eff_pa.configuration_id = p_configuration_id
  ), 0)
$$;
