import { errorEnvelopeSchema } from '@formloop/contracts';

/** The error answers a route documents in OpenAPI: every one is the same `{success:false, …}` envelope. */
export const errorResponses = <const Codes extends readonly number[]>(...codes: Codes) =>
  Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as {
    [Code in Codes[number]]: typeof errorEnvelopeSchema;
  };
