import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets kept in the database (an OIDC client secret) with AES-256-GCM. The key is
 * derived (HKDF-SHA256) from the server's JWT signing key, which every node of an installation
 * already shares, so no second key has to be distributed; rotating that key means re-entering the
 * sealed secrets. A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export interface SecretSealer {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another key or altered. */
  open(sealed: string): string | null;
}

export function createSecretSealer(keyMaterial: string, purpose: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'formloop-sealed-secret', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
