import { describe, expect, it, vi } from 'vitest';
import type { NotificationPush } from '../notification-push.ts';
import { GET_CONNECTION_ID, openTaskHub, taskHubUrl } from '../task-hub.ts';
import { fakeHubs } from './fake-hub.ts';

const address = { userId: 'u 1', accessToken: () => 'jwt' };

function listener() {
  const pushes: NotificationPush[] = [];
  let reconnects = 0;
  return {
    pushes,
    reconnects: () => reconnects,
    onNotification: (push: NotificationPush) => pushes.push(push),
    onReconnected: () => (reconnects += 1),
  };
}

describe('the /TaskHub connection (spec §7)', () => {
  it('is addressed to /TaskHub with the user id', () => {
    expect(taskHubUrl('u 1')).toBe('/TaskHub?userId=u%201');
  });

  it('starts, then calls GetConnectionId, and hands on ReceiveNotification pushes', async () => {
    const { create, latest } = fakeHubs();
    const heard = listener();
    const stop = openTaskHub(create, address, heard);
    await vi.waitFor(() => expect(latest()?.invoked).toEqual([GET_CONNECTION_ID]));
    const hub = latest()!;
    expect(hub.starts).toBe(1);
    expect(hub.address.accessToken()).toBe('jwt');

    hub.send('ReceiveNotification', { content: 'Approved', moduleId: 'm-1', type: 'approve', params: {} });
    hub.send('ReceiveNotification', 'not a notice');
    hub.send('SomethingElse', { content: 'ignored' });
    expect(heard.pushes.map((push) => push.content)).toEqual(['Approved']);

    hub.reconnect();
    expect(heard.reconnects()).toBe(1);
    await vi.waitFor(() => expect(hub.invoked).toEqual([GET_CONNECTION_ID, GET_CONNECTION_ID]));

    stop();
    expect(hub.stops).toBe(1);
    hub.send('ReceiveNotification', { content: 'After sign-out' });
    expect(heard.pushes).toHaveLength(1);
  });

  it('hands on the app ids of AppsChanged pushes, and nothing malformed', async () => {
    const { create, latest } = fakeHubs();
    const changed: string[][] = [];
    const stop = openTaskHub(create, address, { ...listener(), onAppsChanged: (ids) => changed.push(ids) });
    await vi.waitFor(() => expect(latest()?.invoked).toEqual([GET_CONNECTION_ID]));
    const hub = latest()!;
    hub.send('AppsChanged', ['m-1', 'm-2']);
    hub.send('AppsChanged', 'm-3');
    hub.send('AppsChanged', [7, '', 'm-4']);
    hub.send('AppsChanged', []);
    expect(changed).toEqual([['m-1', 'm-2'], ['m-4']]);
    stop();
    hub.send('AppsChanged', ['m-5']);
    expect(changed).toHaveLength(2);
  });

  it('tries a failed first start again on the reconnect policy, at most 10 more times', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { create, latest } = fakeHubs((hub) => (hub.failStarts = 100));
    const waits: number[] = [];
    openTaskHub(create, address, listener(), async (ms) => void waits.push(ms));
    await vi.waitFor(() => expect(waits).toHaveLength(10));
    await vi.waitFor(() => expect(latest()?.starts).toBe(11));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(latest()?.invoked).toEqual([]);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/giving up/), expect.any(Error)),
    );
    warn.mockRestore();
  });

  it('connects once a retry succeeds', async () => {
    const { create, hubs, latest } = fakeHubs((hub) => (hub.failStarts = 2));
    const waits: number[] = [];
    openTaskHub(create, address, listener(), async (ms) => void waits.push(ms));
    await vi.waitFor(() => expect(latest()?.invoked).toEqual([GET_CONNECTION_ID]));
    expect(waits).toEqual([1000, 2000]);
    expect(hubs).toHaveLength(1);
  });

  it('stopped while starting, it stops the connection once started and never identifies', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { create, latest } = fakeHubs((hub) => (hub.startGate = gate));
    const stop = openTaskHub(create, address, listener());
    await vi.waitFor(() => expect(latest()?.starts).toBe(1));
    stop();
    open();
    await vi.waitFor(() => expect(latest()?.stops).toBe(2));
    expect(latest()?.invoked).toEqual([]);
  });
});
