import {
  codePointLength,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateLogin,
} from '@formloop/domain';
import type { FormInstance, Rule } from 'antd/es/form';
import type { Credentials } from './api.ts';

type Check = (value: string) => string | null | undefined;

/**
 * An antd rule that asks a domain validator for a field's message and shows it translated, so the
 * browser and the server apply the same rule with the same words (spec §5).
 */
export function domainRule(check: Check, translate: (text: string) => string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = check(typeof value === 'string' ? value : '');
      if (message) throw new Error(translate(message));
    },
  };
}

/** Login: username required; password required, 3 to 50 characters (domain validateLogin). */
export function loginRule(
  form: FormInstance<Credentials>,
  field: keyof Credentials,
  translate: (text: string) => string,
): Rule {
  return domainRule((value) => {
    const current = form.getFieldsValue(true) as Partial<Credentials>;
    const values: Credentials = {
      username: current.username ?? '',
      password: current.password ?? '',
      [field]: value,
    };
    return validateLogin(values)[field];
  }, translate);
}

/** A new password follows the login password rule: required, 3 to 50 characters. */
export function passwordMessage(value: string): string | undefined {
  if (value === '') return MESSAGES.required;
  if (codePointLength(value) < PASSWORD_MIN_LENGTH) return MESSAGES.minimum3;
  if (codePointLength(value) > PASSWORD_MAX_LENGTH) return MESSAGES.maximum50;
  return undefined;
}
