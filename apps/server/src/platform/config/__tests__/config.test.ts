import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { adoptEarlierDataDir, repositoryRoot as findRoot, resolveDataDir } from '../data-dir.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

describe('loadConfig', () => {
  it('has working defaults for a newcomer: port 3000, ./data, embedded database, localhost', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      BASE_DOMAIN: 'localhost',
      DEFAULT_TENANT: 'demo',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repositoryRoot, 'data'));
  });

  it('keeps the default data folder at the repository root wherever the server is started from', () => {
    // npm start runs the server inside apps/server: the README's ./data is the root's.
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(path.join(repositoryRoot, 'apps', 'server'));
    try {
      expect(loadConfig({}).dataDir).toBe(path.join(repositoryRoot, 'data'));
      expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.resolve('elsewhere'));
    } finally {
      cwd.mockRestore();
    }
  });

  it('finds the root by its workspaces, and falls back to the working folder outside a checkout', () => {
    expect(findRoot(path.join(repositoryRoot, 'apps', 'server', 'src'))).toBe(repositoryRoot);
    expect(findRoot('/')).toBeUndefined();
    expect(resolveDataDir(undefined, undefined)).toBe(path.join(process.cwd(), 'data'));
    expect(resolveDataDir('/srv/formloop')).toBe('/srv/formloop');
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

describe('adoptEarlierDataDir', () => {
  it('moves the old apps/server/data to the root once, and only for the default', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'formloop-root-'));
    try {
      const earlier = path.join(root, 'apps', 'server', 'data');
      await mkdir(earlier, { recursive: true });
      await writeFile(path.join(earlier, 'secrets.json'), '{}');
      const dataDir = path.join(root, 'data');
      expect(await adoptEarlierDataDir('./data', dataDir, root)).toBeUndefined();
      expect(await adoptEarlierDataDir(undefined, dataDir, root)).toBe(earlier);
      expect(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).toBe('{}');
      await mkdir(earlier, { recursive: true });
      expect(await adoptEarlierDataDir(undefined, dataDir, root)).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
