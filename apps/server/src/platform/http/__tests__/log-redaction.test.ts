import { describe, expect, it } from 'vitest';
import { withoutTokens } from '../log-redaction.ts';

describe('withoutTokens', () => {
  it('redacts x-token and access_token wherever they sit in the query', () => {
    expect(withoutTokens('/api/form/FileStorage/GetFile?key=abc&x-token=eyJhbGci.x.y')).toBe(
      '/api/form/FileStorage/GetFile?key=abc&x-token=[redacted]',
    );
    expect(withoutTokens('/api/sys/User/ProfilePicture?x-token=t0k&id=1')).toBe(
      '/api/sys/User/ProfilePicture?x-token=[redacted]&id=1',
    );
    expect(withoutTokens('/x?ACCESS_TOKEN=secret#frag')).toBe('/x?ACCESS_TOKEN=[redacted]#frag');
  });

  it('leaves other URLs alone', () => {
    expect(withoutTokens('/api/EntryModule/datatables')).toBe('/api/EntryModule/datatables');
    expect(withoutTokens('/x?my-x-token-name=1&tokens=2')).toBe('/x?my-x-token-name=1&tokens=2');
  });
});
