// The signed-in user's connection to the /TaskHub hub (spec §7 "Real-time"). The SignalR client is
// loaded only when a connection is made, so it never weighs on the sign-in page.
import { TASK_HUB_PATH } from '@formloop/domain';
import type * as SignalR from '@microsoft/signalr';
// The client's own browser build, served as a file of its own rather than bundled: its code names
// Node's `require` (for use outside browsers), and bundling it would add the bundler's require shim
// to the runtime chunk every page loads, the login page included.
import signalRScriptUrl from '@microsoft/signalr/dist/browser/signalr.min.js?url';
import { APPS_CHANGED_TARGET } from '@formloop/contracts';
import { NOTIFICATION_TARGET, toNotificationPush, type NotificationPush } from './notification-push.ts';
import { nextReconnectDelayMs, taskHubRetryPolicy } from './retry-policy.ts';

/** The part of @microsoft/signalr's HubConnection used here (tests pass a fake one). */
export interface TaskHubConnection {
  on(methodName: string, handler: (...args: unknown[]) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(methodName: string, ...args: unknown[]): Promise<T>;
}

export interface TaskHubAddress {
  userId: string;
  /** Read at every (re)connection, so a reconnect after a token refresh sends the fresh token. */
  accessToken: () => string;
}

export type CreateTaskHubConnection = (address: TaskHubAddress) => Promise<TaskHubConnection>;

/** Spec §7: the hub on the same host at /TaskHub, with the user's id as query parameter. */
export const taskHubUrl = (userId: string): string => `${TASK_HUB_PATH}?userId=${encodeURIComponent(userId)}`;

/** The method the client calls right after connecting (spec §7: handshake, then GetConnectionId). */
export const GET_CONNECTION_ID = 'GetConnectionId';

type SignalRModule = typeof SignalR;
declare global {
  interface Window {
    /** Set by the SignalR client's browser build. */
    signalR?: SignalRModule;
  }
}

let signalRLoad: Promise<SignalRModule> | null = null;

/** Loads the SignalR client once; a failed load is tried again on the next call. */
function loadSignalR(): Promise<SignalRModule> {
  signalRLoad ??= new Promise<SignalRModule>((resolve, reject) => {
    if (window.signalR) return resolve(window.signalR);
    const script = document.createElement('script');
    script.src = signalRScriptUrl;
    script.async = true;
    script.onload = () =>
      window.signalR ? resolve(window.signalR) : reject(new Error('The SignalR client did not load'));
    script.onerror = () => {
      script.remove();
      reject(new Error('The SignalR client could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    signalRLoad = null;
    throw error;
  });
  return signalRLoad;
}

/** The real connection: JSON hub protocol, the bearer token as access_token, the spec's reconnects. */
export const createSignalRConnection: CreateTaskHubConnection = async ({ userId, accessToken }) => {
  const signalR = await loadSignalR();
  return new signalR.HubConnectionBuilder()
    .withUrl(taskHubUrl(userId), { accessTokenFactory: accessToken })
    .withAutomaticReconnect(taskHubRetryPolicy)
    .configureLogging(signalR.LogLevel.Warning)
    .build();
};

export interface TaskHubListener {
  onNotification(push: NotificationPush): void;
  /** The connection came back after a drop: pushes sent meanwhile were missed. */
  onReconnected(): void;
  /** Records of these apps of the tenant changed (AppsChanged). */
  onAppsChanged?(moduleIds: string[]): void;
}

/** AppsChanged's argument read defensively: the string ids in it (none for anything else). */
export const changedAppIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : [];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Connects and listens until the returned stop function is called. A dropped connection is taken
 * back by the client's automatic reconnect; a first start that fails (server restarting, network
 * down) is tried again on the same policy, at most 10 more times.
 */
export function openTaskHub(
  create: CreateTaskHubConnection,
  address: TaskHubAddress,
  listener: TaskHubListener,
  wait: (ms: number) => Promise<void> = sleep,
): () => void {
  let stopped = false;
  let connection: TaskHubConnection | null = null;

  const identify = (hub: TaskHubConnection) =>
    hub.invoke<string>(GET_CONNECTION_ID).catch((error: unknown) => {
      console.warn('TaskHub: GetConnectionId failed', error);
    });

  const connect = async (): Promise<void> => {
    for (let failures = 0; !stopped; failures += 1) {
      try {
        if (!connection) {
          const hub = await create(address);
          hub.on(NOTIFICATION_TARGET, (argument) => {
            const push = toNotificationPush(argument);
            if (push && !stopped) listener.onNotification(push);
          });
          hub.on(APPS_CHANGED_TARGET, (argument) => {
            const moduleIds = changedAppIds(argument);
            if (moduleIds.length > 0 && !stopped) listener.onAppsChanged?.(moduleIds);
          });
          hub.onreconnected(() => {
            if (stopped) return;
            void identify(hub);
            listener.onReconnected();
          });
          connection = hub;
        }
        if (stopped) return;
        await connection.start();
        // Stopped while starting: the stop that came in could not stop what had not started yet.
        if (stopped) return void connection.stop().catch(() => undefined);
        await identify(connection);
        return;
      } catch (error) {
        const delay = nextReconnectDelayMs(failures);
        if (stopped) return;
        if (delay === null) {
          console.warn('TaskHub: giving up after repeated failures to connect', error);
          return;
        }
        await wait(delay);
      }
    }
  };

  void connect();
  return () => {
    stopped = true;
    void connection?.stop().catch(() => undefined);
  };
}
