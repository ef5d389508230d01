import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A fresh RSA key and self-signed certificate made by openssl, as an IdP administrator would export them. */
export async function selfSignedCertificate(commonName = 'test-idp', days = 30) {
  const dir = await mkdtemp(path.join(tmpdir(), 'self-signed-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${commonName}`,
      '-days',
      String(days),
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    return {
      certificatePem: await readFile(certFile, 'utf8'),
      privateKeyPem: await readFile(keyFile, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A certificate's base64 body: PEM armour and line breaks are presentation, not content. */
export const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
