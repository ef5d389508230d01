import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import type { Config } from './config.ts';

/** Secrets generated on first start and kept in DATA_DIR so restarts keep sessions and the database. */
export interface Secrets {
  jwtPrivateKey: string;
  jwtPublicKey: string;
  embeddedSuperuserPassword: string;
  appRolePassword: string;
}

const randomSecret = () => randomBytes(24).toString('base64url');

export async function loadOrCreateSecrets(config: Config): Promise<Secrets> {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = {
    jwtPrivateKey: stored.jwtPrivateKey ?? '',
    jwtPublicKey: stored.jwtPublicKey ?? '',
    embeddedSuperuserPassword: stored.embeddedSuperuserPassword ?? randomSecret(),
    appRolePassword: stored.appRolePassword ?? randomSecret(),
  };
  if (!secrets.jwtPrivateKey || !secrets.jwtPublicKey) {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    secrets.jwtPrivateKey = await exportPKCS8(privateKey);
    secrets.jwtPublicKey = await exportSPKI(publicKey);
  }
  if (JSON.stringify(secrets) !== JSON.stringify(stored)) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  // Keys given in the environment win over generated ones (several nodes must share them).
  if (config.JWT_PRIVATE_KEY && config.JWT_PUBLIC_KEY) {
    return { ...secrets, jwtPrivateKey: config.JWT_PRIVATE_KEY, jwtPublicKey: config.JWT_PUBLIC_KEY };
  }
  return secrets;
}
