import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('loadConfig', () => {
  it('has working defaults for a newcomer: port 3000, ./data, embedded database, localhost', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      BASE_DOMAIN: 'localhost',
      DEFAULT_TENANT: 'demo',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads and coerces values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/formloop',
      SMTP_URL: 'smtp://mail:25',
      BASE_DOMAIN: 'Formloop.Example.com',
    });
    expect(config.PORT).toBe(8080);
    expect(config.BASE_DOMAIN).toBe('formloop.example.com');
    expect(config.SMTP_URL).toBe('smtp://mail:25');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad value, with what was given', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toContain('PORT');
      expect(message).toContain('(got "eighty")');
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL (got "mysql://x")');
      expect(message).toContain('SMTP_URL: must be a smtp:// or smtps:// URL');
      expect(message).toContain('LOG_LEVEL');
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });

  it('wants both JWT keys or neither', () => {
    expect(() => loadConfig({ JWT_PRIVATE_KEY: 'x' })).toThrow(
      /JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set together/,
    );
  });
});
