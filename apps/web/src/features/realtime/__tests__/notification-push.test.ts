import { describe, expect, it } from 'vitest';
import { toNotificationPush } from '../notification-push.ts';

describe('pushed notices (spec §4)', () => {
  it('reads the hub argument', () => {
    expect(
      toNotificationPush({
        content: 'Manager approval is waiting for you',
        moduleId: 'm-1',
        recordId: 'r-1',
        notificationId: 'n-1',
        type: 'assigned',
        params: { app: 'Purchases', step: 'Manager approval', count: 3 },
      }),
    ).toEqual({
      content: 'Manager approval is waiting for you',
      moduleId: 'm-1',
      recordId: 'r-1',
      notificationId: 'n-1',
      type: 'assigned',
      params: { app: 'Purchases', step: 'Manager approval' },
    });
  });

  it('fills what is missing and drops what is no notice', () => {
    expect(toNotificationPush({ content: 'Hello', moduleId: '' })).toEqual({
      content: 'Hello',
      moduleId: null,
      recordId: null,
      notificationId: null,
      type: '',
      params: {},
    });
    expect(toNotificationPush({ type: 'completed', params: ['x'] })?.params).toEqual({});
    expect(toNotificationPush({ content: ' ', type: '' })).toBeNull();
    expect(toNotificationPush('Hello')).toBeNull();
    expect(toNotificationPush(null)).toBeNull();
    expect(toNotificationPush([{ content: 'Hello' }])).toBeNull();
  });
});
