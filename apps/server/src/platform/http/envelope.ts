import type { Envelope } from '@formloop/contracts';

export const ok = <T>(data: T, message = ''): Envelope<T> => ({ success: true, message, data });
