-- F × (1 − d/100), rounded half-up to the cent: packages/contract/src/pricing.ts priceAfterDiscount, which a
-- property test compares with this on random inputs. (Migration 0008.)
CREATE OR REPLACE FUNCTION price_after_discount(p_face numeric, p_discount numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$ SELECT round(p_face * (100 - p_discount) / 100, 2) $$;
