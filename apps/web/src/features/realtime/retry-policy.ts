// Spec §7 "Real-time" and §9: after a lost connection the hub client tries again up to 10 times,
// waiting min(1000 × 2^n, 10000) ms before try n (counted from 0), then gives up.
import { reconnectDelayMs, WEBSOCKET_RECONNECT_ATTEMPTS } from '@formloop/domain';
import type { IRetryPolicy } from '@microsoft/signalr';

/** The wait before the next try after `previousRetryCount` failed ones, or null: stop trying. */
export function nextReconnectDelayMs(previousRetryCount: number): number | null {
  if (!(previousRetryCount < WEBSOCKET_RECONNECT_ATTEMPTS)) return null;
  return reconnectDelayMs(previousRetryCount);
}

/** The policy handed to @microsoft/signalr's withAutomaticReconnect (a type import: no bundle cost). */
export const taskHubRetryPolicy: IRetryPolicy = {
  nextRetryDelayInMilliseconds: (context) => nextReconnectDelayMs(context.previousRetryCount),
};
