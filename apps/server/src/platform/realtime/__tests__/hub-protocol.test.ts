import { describe, expect, it } from 'vitest';
import { createConnectionTokens } from '../connection-tokens.ts';
import {
  RECORD_SEPARATOR as RS,
  RecordReader,
  checkHandshake,
  closeFrame,
  completionFrame,
  invocationFrame,
  methodNotFoundError,
  parseMessage,
} from '../hub-protocol.ts';
import { envelopePayloads, parseHubEnvelope } from '../hub-publish.ts';
import { isAllowedOrigin } from '../hub.routes.ts';

describe('records', () => {
  it('splits frames on the record separator and keeps a record split across frames for later', () => {
    const reader = new RecordReader();
    expect(reader.push(`{"a":1}${RS}{"b":2}${RS}{"c"`)).toEqual(['{"a":1}', '{"b":2}']);
    expect(reader.pending).toBe(4);
    expect(reader.push(`:3}${RS}`)).toEqual(['{"c":3}']);
    expect(reader.pending).toBe(0);
    expect(reader.push('')).toEqual([]);
  });

  it('frames messages as JSON ended by the separator', () => {
    expect(invocationFrame('ReceiveNotification', [{ content: 'x' }])).toBe(
      `{"type":1,"target":"ReceiveNotification","arguments":[{"content":"x"}]}${RS}`,
    );
    expect(completionFrame('0', { result: 'id' })).toBe(`{"type":3,"invocationId":"0","result":"id"}${RS}`);
    expect(completionFrame('1', { error: 'no' })).toBe(`{"type":3,"invocationId":"1","error":"no"}${RS}`);
    expect(closeFrame()).toBe(`{"type":7}${RS}`);
    expect(closeFrame('gone', true)).toBe(`{"type":7,"error":"gone","allowReconnect":true}${RS}`);
  });

  it('words an unknown method as ASP.NET Core SignalR does', () => {
    expect(methodNotFoundError('Foo')).toBe(
      "Failed to invoke 'Foo' due to an error on the server. HubException: Method does not exist.",
    );
  });
});

describe('handshake', () => {
  it('accepts json version 1 and refuses anything else with a reason', () => {
    expect(checkHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(checkHandshake('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "Requested protocol 'messagepack' is not available.",
    });
    expect(checkHandshake('{"protocol":"json","version":2}')).toEqual({
      ok: false,
      error: "The server does not support version 2 of the 'json' protocol.",
    });
    for (const bad of ['', 'null', '[]', '{"protocol":"json"}', '{"version":1}', 'not json']) {
      expect(checkHandshake(bad)).toEqual({ ok: false, error: 'The handshake request is not valid.' });
    }
  });
});

describe('messages', () => {
  it('keeps the fields the hub reads and drops what is not a message', () => {
    expect(
      parseMessage('{"type":1,"invocationId":"3","target":"GetConnectionId","arguments":[],"x":1}'),
    ).toEqual({ type: 1, invocationId: '3', target: 'GetConnectionId', arguments: [] });
    expect(parseMessage('{"type":6}')).toEqual({ type: 6 });
    // An invocation id that is not a string is no invocation id (no answer is owed).
    expect(parseMessage('{"type":1,"invocationId":3,"target":"X","arguments":{}}')).toEqual({
      type: 1,
      target: 'X',
    });
    for (const bad of ['{}', '[1]', '"text"', '{"type":"1"}', '{broken'])
      expect(parseMessage(bad)).toBeNull();
  });
});

describe('connection tokens', () => {
  const grant = {
    tenantId: 'tenant-1',
    userId: 'user-1',
    sessionId: 'session-1',
    accessExpiresAt: 1_000_000,
  };

  it('stand for the grant they were issued for, once, until they expire', () => {
    let now = 0;
    const tokens = createConnectionTokens({ secret: 'key', ttlMs: 60_000, now: () => now });
    const { connectionId, connectionToken } = tokens.issue(grant);
    expect(tokens.verify(connectionToken)).toEqual({ connectionId, ...grant });
    expect(tokens.take(connectionToken)).toBe(true);
    expect(tokens.verify(connectionToken)).toBeNull();
    expect(tokens.take(connectionToken)).toBe(false);

    const later = tokens.issue(grant).connectionToken;
    now = 60_000;
    expect(tokens.verify(later)).toBeNull();
    expect(tokens.take(later)).toBe(false);
  });

  it('are refused when forged, altered or signed with another secret', () => {
    const tokens = createConnectionTokens({ secret: 'key', ttlMs: 60_000 });
    const { connectionToken } = tokens.issue(grant);
    const [body, signature] = connectionToken.split('.') as [string, string];
    const altered = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('user-1', 'user-2'),
    ).toString('base64url');
    expect(tokens.verify(`${altered}.${signature}`)).toBeNull();
    expect(tokens.verify(body)).toBeNull();
    expect(tokens.verify(`${body}.`)).toBeNull();
    const otherNode = createConnectionTokens({ secret: 'other key', ttlMs: 60_000 });
    expect(otherNode.verify(connectionToken)).toBeNull();
    // A node sharing the secret accepts it: the socket may land on any node.
    const sameSecret = createConnectionTokens({ secret: 'key', ttlMs: 60_000 });
    expect(sameSecret.verify(connectionToken)).toMatchObject(grant);
  });
});

describe('hub envelopes', () => {
  const ids = (n: number) =>
    Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

  it('fit one NOTIFY payload, split by users when too many are named', () => {
    expect(envelopePayloads('t', ids(2), 'M', [1])).toHaveLength(1);
    const payloads = envelopePayloads('t', ids(1000), 'M', [{ content: 'x' }]);
    expect(payloads.length).toBeGreaterThan(1);
    const envelopes = payloads.map((payload) => parseHubEnvelope(payload)!);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(envelopes.flatMap((envelope) => envelope.userIds)).toEqual(ids(1000));
    expect(new Set(envelopes.map((envelope) => JSON.stringify(envelope.arguments)))).toEqual(
      new Set(['[{"content":"x"}]']),
    );
  });

  it('refuse a message too large for any one user', () => {
    expect(() => envelopePayloads('t', ids(1), 'M', ['x'.repeat(9000)])).toThrow(/too large/);
  });

  it('read back only well-formed envelopes', () => {
    expect(parseHubEnvelope('{"tenantId":"t","userIds":["u"],"target":"M","arguments":[]}')).toEqual({
      tenantId: 't',
      userIds: ['u'],
      target: 'M',
      arguments: [],
    });
    for (const bad of [
      'nope',
      'null',
      '{"tenantId":"t","userIds":[1],"target":"M","arguments":[]}',
      '{"tenantId":"t"}',
    ]) {
      expect(parseHubEnvelope(bad)).toBeNull();
    }
  });
});

describe('cross-origin callers', () => {
  it('are the deployment’s own hosts and the host asked, nothing else', () => {
    expect(isAllowedOrigin('https://acme.formloop.test', 'globex.formloop.test', 'formloop.test')).toBe(true);
    expect(isAllowedOrigin('http://formloop.test:5173', 'acme.formloop.test', 'formloop.test')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', 'formloop.test')).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'acme.formloop.test', 'formloop.test')).toBe(false);
    expect(isAllowedOrigin('https://formloop.test.evil.example', 'acme.formloop.test', 'formloop.test')).toBe(
      false,
    );
    expect(isAllowedOrigin('https://evilformloop.test', 'acme.formloop.test', 'formloop.test')).toBe(false);
    expect(isAllowedOrigin('null', 'acme.formloop.test', 'formloop.test')).toBe(false);
    expect(isAllowedOrigin('file:///x', 'acme.formloop.test', 'formloop.test')).toBe(false);
  });
});
