import { describe, expect, it } from 'vitest';
import * as domain from '../../index.ts';
import {
  NOTIFICATION_TYPES,
  notificationContent,
  notificationParamsRecord,
  type NotificationTypeName,
} from '../notification-types.ts';

describe('notification types', () => {
  it('names each event as the web app expects it', () => {
    expect(Object.values(NOTIFICATION_TYPES).sort()).toEqual([
      'approve',
      'assigned',
      'comment',
      'completed',
      'exportfailed',
      'exportready',
      'reassign',
      'rejected',
      'restart',
      'sendback',
    ]);
    expect(domain.NOTIFICATION_TYPES).toBe(NOTIFICATION_TYPES);
    expect(domain.notificationContent).toBe(notificationContent);
  });

  it('words each type in English with its values', () => {
    const params = { app: 'Orders', step: 'Manager approval', actor: 'Fred Smith' };
    const sentences = Object.fromEntries(
      Object.values(NOTIFICATION_TYPES).map((type) => [type, notificationContent(type, params)]),
    ) as Record<NotificationTypeName, string>;
    expect(sentences).toEqual({
      assigned: 'Manager approval in Orders is waiting for you',
      approve: 'Fred Smith approved Manager approval in Orders',
      rejected: 'Fred Smith rejected Manager approval in Orders',
      sendback: 'Fred Smith sent the entry in Orders back to Manager approval',
      restart: 'Fred Smith restarted the process of the entry in Orders',
      completed: 'The entry in Orders has completed its process',
      comment: 'Fred Smith commented on the entry in Orders',
      reassign: 'Fred Smith reassigned Manager approval in Orders to you',
      exportready: 'Your export Orders is ready to download',
      exportfailed: 'Your export Orders could not be made',
    });
  });

  it("adds the actor's note, and names nobody when no person acted", () => {
    expect(
      notificationContent('rejected', { app: 'Orders', step: 'Check', actor: 'Fred', message: ' Too dear ' }),
    ).toBe('Fred rejected Check in Orders: Too dear');
    expect(notificationContent('comment', { app: 'Orders', actor: 'Fred', message: '   ' })).toBe(
      'Fred commented on the entry in Orders',
    );
    expect(notificationContent('restart', { app: 'Orders' })).toBe(
      'Someone restarted the process of the entry in Orders',
    );
  });

  it('stores only the values that are there', () => {
    expect(notificationParamsRecord({ app: 'Orders', step: '', actor: undefined, message: 'Hi' })).toEqual({
      app: 'Orders',
      message: 'Hi',
    });
  });
});
