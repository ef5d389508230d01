import { describe, expect, it } from 'vitest';
import { buildRequest, fillJson, fillText, pickPath, rawSettings, valueText } from '../remote-request.ts';

describe('placeholders', () => {
  const values = { name: 'Ann & "Bo"', amount: 12.5, tags: ['a', 'b'], pick: { id: 'r1', label: 'Acme' } };

  it('fills text, URL-encoded when asked, lookups by label and lists comma-joined', () => {
    expect(fillText('Hi {name}, {missing}!', values)).toBe('Hi Ann & "Bo", !');
    expect(fillText('/x/{ name }', values, encodeURIComponent)).toBe('/x/Ann%20%26%20%22Bo%22');
    expect(valueText(values.pick)).toBe('Acme');
    expect(valueText(values.tags)).toBe('a,b');
  });

  it('fills JSON bodies: escaped inside strings, JSON values outside', () => {
    const body = fillJson(
      '{"who":"{name}","amount":{amount},"tags":{tags},"none":{missing},"q":"a\\"{amount}"}',
      values,
    );
    expect(JSON.parse(body)).toEqual({
      who: 'Ann & "Bo"',
      amount: 12.5,
      tags: ['a', 'b'],
      none: null,
      q: 'a"12.5',
    });
  });

  it('builds the request: params appended, headers cleaned, reserved headers dropped, body typed', () => {
    const request = buildRequest(
      {
        ...rawSettings({ url: 'https://api.example.com/items/{id}?fixed=1' }),
        requestType: 'POST',
        params: [
          { key: 'q', value: '{name}' },
          { key: ' ', value: 'ignored' },
        ],
        headers: [
          { key: 'X-Key', value: 'secret\r\nInjected: 1' },
          { key: 'Host', value: 'evil' },
          { key: 'bad header', value: 'x' },
        ],
        body: '{"id":"{id}"}',
      },
      { id: 'a/b', name: 'x y' },
    );
    expect(request.url.toString()).toBe('https://api.example.com/items/a%2Fb?fixed=1&q=x+y');
    expect(request.headers['x-key']).toBe('secret  Injected: 1');
    expect(request.headers.host).toBeUndefined();
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body?.toString()).toBe('{"id":"a/b"}');
  });

  it('refuses URLs that are not http(s)', () => {
    for (const url of ['file:///etc/passwd', 'ftp://x.example', 'not a url', '']) {
      expect(() => buildRequest(rawSettings({ url }), {})).toThrow();
    }
  });
});

describe('pickPath', () => {
  const data = { data: { items: [{ name: 'first' }, { name: 'second', 'odd key': 0 }] }, n: null };

  it('follows dots and brackets', () => {
    expect(pickPath(data, 'data.items[1].name')).toEqual({ found: true, value: 'second' });
    expect(pickPath(data, 'data.items.0.name')).toEqual({ found: true, value: 'first' });
    expect(pickPath(data, '$.data.items[1]["odd key"]')).toEqual({ found: true, value: 0 });
    expect(pickPath(data, 'n')).toEqual({ found: true, value: null });
    expect(pickPath(data, '')).toEqual({ found: true, value: data });
  });

  it('says when nothing is there, without walking prototypes', () => {
    expect(pickPath(data, 'data.items[5].name').found).toBe(false);
    expect(pickPath(data, 'data.nope').found).toBe(false);
    expect(pickPath(data, 'data.constructor').found).toBe(false);
    expect(pickPath(data, 'n.x').found).toBe(false);
  });
});
