// The settings form's values: what the page reads (SsoSettings) turned into what it saves
// (SsoSettingsCommand), in one fixed shape so that "changed?" is a plain comparison, and the server's
// field messages mapped back onto the form's fields. Pure, so tested without rendering.
import {
  oidcSettingsSchema,
  samlSettingsSchema,
  type FieldError,
  type OidcSettings,
  type SamlSettings,
  type SsoSettings,
  type SsoSettingsCommand,
} from '@formloop/contracts';

export type SsoFormValues = SsoSettingsCommand;

// The contract's field lists, so the form follows the schemas when a field is added there.
const SAML_FIELDS = Object.keys(samlSettingsSchema.shape) as Array<keyof SamlSettings>;
const OIDC_FIELDS = Object.keys(oidcSettingsSchema.shape) as Array<keyof OidcSettings>;
const ACCOUNT_FIELDS = ['jitEnabled', 'jitUserKind', 'trustIdpMfa'] as const;

/** What the form starts from: the saved settings, with an empty client secret (empty keeps the stored one). */
export function toFormValues(settings: SsoSettings): SsoFormValues {
  const { clientSecretSet: _secretIsWriteOnly, ...oidc } = settings.oidc;
  return toCommand({
    saml: settings.saml,
    oidc: { ...oidc, clientSecret: '' },
    jitEnabled: settings.jitEnabled,
    jitUserKind: settings.jitUserKind,
    trustIdpMfa: settings.trustIdpMfa,
  });
}

type PartialValues = {
  saml?: Partial<SamlSettings>;
  oidc?: Partial<OidcSettings>;
} & Partial<Pick<SsoFormValues, (typeof ACCOUNT_FIELDS)[number]>>;

function pick<T extends { enabled: boolean }>(fields: Array<keyof T>, values: Partial<T> | undefined): T {
  return Object.fromEntries(
    fields.map((field) => [field, field === 'enabled' ? values?.[field] === true : (values?.[field] ?? '')]),
  ) as T;
}

/** The PUT body from the form's values, every field present and always in the same order. */
export function toCommand(values: PartialValues): SsoFormValues {
  return {
    saml: pick<SamlSettings>(SAML_FIELDS, values.saml),
    oidc: pick<OidcSettings>(OIDC_FIELDS, values.oidc),
    jitEnabled: values.jitEnabled === true,
    jitUserKind: values.jitUserKind ?? 'USER',
    trustIdpMfa: values.trustIdpMfa === true,
  };
}

export const sameValues = (left: PartialValues, right: PartialValues): boolean =>
  JSON.stringify(toCommand(left)) === JSON.stringify(toCommand(right));

/** A field of the form as antd names it: ['saml', 'entryPoint'] or ['jitUserKind']. */
export type FormFieldName =
  [(typeof ACCOUNT_FIELDS)[number]] | ['saml', keyof SamlSettings] | ['oidc', keyof OidcSettings];

const isAccountField = (name: string): name is (typeof ACCOUNT_FIELDS)[number] =>
  (ACCOUNT_FIELDS as readonly string[]).includes(name);
const isSamlField = (name: string): name is keyof SamlSettings => (SAML_FIELDS as string[]).includes(name);
const isOidcField = (name: string): name is keyof OidcSettings => (OIDC_FIELDS as string[]).includes(name);

/**
 * The form field a server field message belongs to ('saml.entryPoint' → ['saml', 'entryPoint']),
 * or null for one the form does not show (it is then reported with the save's failure instead).
 */
export function formFieldOf(field: string): FormFieldName | null {
  const [group, name, ...rest] = field.split('.');
  if (rest.length > 0 || !group) return null;
  if (name === undefined) return isAccountField(group) ? [group] : null;
  if (group === 'saml' && isSamlField(name)) return ['saml', name];
  if (group === 'oidc' && isOidcField(name)) return ['oidc', name];
  return null;
}

/** The server's field messages the form can show under their fields. */
export function landedFieldErrors(errors: FieldError[]): Array<{ name: FormFieldName; message: string }> {
  return errors.flatMap((entry) => {
    const name = formFieldOf(entry.field);
    return name ? [{ name, message: entry.message }] : [];
  });
}
