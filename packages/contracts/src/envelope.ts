import { z } from 'zod';

/** Every API response is wrapped in this envelope (DESIGN.md, API contract). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

export type Envelope<T> = { success: boolean; message: string; data: T };

const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * One field's problem in a 400 answer: `data.errors` lists them all. `key` and `params` name the
 * message (ADR 0012: translate by key); `message` is its English text.
 */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  key: z.string().optional(),
  params: messageParamsSchema.optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** `data` of every error answer: the code for programs, the message key and params for translation. */
export const errorDataSchema = z.object({
  code: z.string(),
  key: z.string(),
  params: messageParamsSchema,
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorData = z.infer<typeof errorDataSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: errorDataSchema.nullable(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Stable machine-readable error codes; the message is for people, the code for programs. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'ACCOUNT_LOCKED',
  'LICENCE_EXPIRED',
  'TENANT_NOT_FOUND',
  /** A statement ran past its time limit (a report): the caller should narrow it and try again. */
  'TIMED_OUT',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Runs one of the domain package's validators (value → message | null) as a zod check, so server and
 * web report the same single message for a field instead of one per failed rule.
 */
export const refineWith =
  (validate: (value: string) => string | null) =>
  (ctx: z.core.ParsePayload<string>): void => {
    const message = validate(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  };
