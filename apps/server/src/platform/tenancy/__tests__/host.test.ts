import { describe, expect, it } from 'vitest';
import { resolveHost, stripPort, tenantUrl } from '../host.ts';

const resolve = (host: string | undefined) => resolveHost(host, 'formloop.test', 'demo');

describe('resolveHost', () => {
  it('maps {tenant}.{BASE_DOMAIN} to the tenant, case and port aside', () => {
    expect(resolve('acme.formloop.test')).toEqual({ kind: 'tenant', label: 'acme' });
    expect(resolve('ACME.Formloop.Test:3000')).toEqual({ kind: 'tenant', label: 'acme' });
    expect(resolve('acme.formloop.test.')).toEqual({ kind: 'tenant', label: 'acme' });
  });

  it('maps the bare base domain and loopback names to the default tenant', () => {
    for (const host of [
      'formloop.test',
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      undefined,
    ]) {
      expect(resolve(host)).toEqual({ kind: 'tenant', label: 'demo' });
    }
  });

  it('treats a first label of login as the domain-entry host', () => {
    expect(resolve('login.formloop.test')).toEqual({ kind: 'login' });
  });

  it('refuses other domains, nested labels and labels that are not DNS labels', () => {
    for (const host of [
      'acme.example.com',
      'a.b.formloop.test',
      '-bad.formloop.test',
      'bad-.formloop.test',
      'evilformloop.test',
      'x_y.formloop.test',
    ]) {
      expect(resolve(host), host).toEqual({ kind: 'unknown' });
    }
  });

  it('works with localhost as the base domain (acme.localhost resolves to loopback in browsers)', () => {
    expect(resolveHost('acme.localhost:3000', 'localhost', 'demo')).toEqual({
      kind: 'tenant',
      label: 'acme',
    });
    expect(resolveHost('localhost:3000', 'localhost', 'demo')).toEqual({ kind: 'tenant', label: 'demo' });
  });
});

describe('stripPort and tenantUrl', () => {
  it('strips ports from names, IPv4 and IPv6', () => {
    expect(stripPort('a.b:80')).toBe('a.b');
    expect(stripPort('[::1]:3000')).toBe('[::1]');
    expect(stripPort('::1')).toBe('::1');
  });

  it('builds the tenant URL with the caller’s scheme and port', () => {
    expect(tenantUrl('acme', 'formloop.test', 'https', 'login.formloop.test')).toBe(
      'https://acme.formloop.test',
    );
    expect(tenantUrl('acme', 'localhost', 'http', 'login.localhost:3000')).toBe('http://acme.localhost:3000');
  });
});
