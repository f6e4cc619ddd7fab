import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** Fields whose rule has its own translated message; any other field shows the generic one. */
const FIELD_MESSAGES = {
  value: 'catalogue.validation.value',
  product_name: 'catalogue.validation.required',
  pool_name: 'catalogue.validation.required',
  full_name: 'catalogue.validation.required',
  pin_length: 'catalogue.validation.pinLength',
  email: 'catalogue.validation.email',
  configurations: 'catalogue.validation.configurations',
  configuration_id: 'catalogue.validation.required',
  supplier_id: 'catalogue.validation.required',
  buying_discount: 'catalogue.validation.buyingDiscount',
  csv_file: 'catalogue.import.fileHint',
} as const;

/**
 * A Mantine form `validate` function from a contract schema: the same rule that refuses the input on
 * the server refuses it here, field by field, with the message in the user's language.
 */
export function zodValidate<T>(schema: z.ZodType, t: TFunction) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      const last = String(issue.path.at(-1) ?? '') as keyof typeof FIELD_MESSAGES;
      errors[field] ??= FIELD_MESSAGES[last] ? t(FIELD_MESSAGES[last]) : t('errors.validation');
    }
    return errors;
  };
}
