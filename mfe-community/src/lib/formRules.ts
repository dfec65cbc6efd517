import type { yup } from '@ministry/shared/validation';

/** The shared form rules (yup and every rule set built with it). */
export type FormRules = typeof import('@ministry/shared/validation');

/**
 * The shared form rules load when a form is first sent, not with the page:
 * a visitor reading the prayer wall or the visit page never sends one, and
 * yup is the largest library the community pages would otherwise carry.
 */
export const loadFormRules = (): Promise<FormRules> => import('@ministry/shared/validation');

/**
 * Checks `values` against the rule set `pick` chooses: each field's first
 * message, or nothing when all is well.
 */
export async function checkWithRules(
  pick: (rules: FormRules) => yup.AnyObjectSchema,
  values: object,
): Promise<Record<string, string>> {
  const rules = await loadFormRules();
  try {
    await pick(rules).validate(values, { abortEarly: false });
    return {};
  } catch (invalid) {
    return rules.fieldErrors(invalid);
  }
}
