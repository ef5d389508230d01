// @formloop/domain: pure rules shared by the server and the web app. No I/O and no Node-only APIs
// (WebCrypto via globalThis.crypto only), so every module here runs in the browser and in Node 20.
export * from './constants.ts';
export * from './messages.ts';

export * from './validation/text.ts';
export * from './validation/patterns.ts';
export * from './validation/iso-date-time.ts';
export * from './validation/name.ts';
export * from './validation/value.ts';
export * from './validation/auth.ts';
export * from './validation/mfa.ts';

export * from './users/user-kinds.ts';
export * from './users/launch-page.ts';

export * from './records/status.ts';

export * from './auth/base64.ts';
export * from './auth/minute-key.ts';
export * from './auth/login-cipher.ts';

export * from './organization/preferences.ts';

export * from './access/permissions.ts';
export * from './access/licences.ts';
export * from './forms/value-types.ts';
export * from './forms/field-catalogue.ts';
export * from './forms/form-model.ts';
export * from './forms/form-payload.ts';
export * from './forms/field-permissions.ts';
export * from './forms/app-status.ts';
export * from './forms/reserved-names.ts';
export * from './forms/email-templates.ts';
export * from './forms/email-templates-i18n.ts';
export * from './forms/form-validation.ts';
export * from './forms/form-diff.ts';
export * from './records/record-list.ts';
export * from './records/number-format.ts';
export * from './records/record-values.ts';
export * from './records/sequence.ts';
export * from './notifications/notification-types.ts';
export * from './auth/return-url.ts';
export * from './auth/login-status.ts';
