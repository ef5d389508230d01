import { readFileSync } from 'node:fs';
import { GOV_CLIENT_HEADERS, type GovClientKey } from '@formloop/contracts';

// HMRC's fraud-prevention headers (Making Tax Digital) for the connection method
// WEB_APP_VIA_SERVER: a browser app whose calls leave from our server. The server knows the
// client's public IP and port, the user and itself (vendor); the browser knows its screens,
// window, time zone, user agent and device id, and sends them as govClient.

const SERVER_PACKAGE = new URL('../../../package.json', import.meta.url);
const VERSION = (() => {
  try {
    return String(
      (JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { version?: unknown }).version ?? '0.0.0',
    );
  } catch {
    return '0.0.0';
  }
})();
const PRODUCT = 'Formloop';

export interface GovOrigin {
  /** The client's public IP as the server sees it (TRUST_PROXY decides whether proxies count). */
  ip: string | undefined;
  port: number | undefined;
  userId: string;
  userAgent: string | undefined;
  /** GOV_VENDOR_PUBLIC_IP. */
  vendorIp: string | undefined;
}

const clean = (text: string) => text.replace(/[\r\n\0]/g, ' ').trim();

/** The headers only the server can give (GET govheaders answers these). */
export function serverGovHeaders(origin: GovOrigin, now = new Date()): Record<string, string> {
  const headers: Record<string, string> = {
    'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
    'Gov-Client-User-IDs': `formloop=${encodeURIComponent(origin.userId)}`,
    'Gov-Vendor-Version': `formloop=${encodeURIComponent(VERSION)}`,
    'Gov-Vendor-Product-Name': encodeURIComponent(PRODUCT),
  };
  if (origin.ip) {
    headers['Gov-Client-Public-IP'] = origin.ip;
    headers['Gov-Client-Public-IP-Timestamp'] = now.toISOString();
  }
  if (origin.port) headers['Gov-Client-Public-Port'] = String(origin.port);
  if (origin.vendorIp) {
    headers['Gov-Vendor-Public-IP'] = origin.vendorIp;
    if (origin.ip)
      headers['Gov-Vendor-Forwarded'] =
        `by=${encodeURIComponent(origin.vendorIp)}&for=${encodeURIComponent(origin.ip)}`;
  }
  return headers;
}

/** Every header: the server's, and the browser's from govClient (unknown keys ignored). */
export function govHeaders(
  origin: GovOrigin,
  govClient: Record<string, string> | undefined,
): Record<string, string> {
  const headers = serverGovHeaders(origin);
  for (const [key, name] of Object.entries(GOV_CLIENT_HEADERS) as Array<[GovClientKey, string]>) {
    const value = govClient?.[key];
    if (typeof value === 'string' && clean(value)) headers[name] = clean(value);
  }
  if (!headers['Gov-Client-Browser-JS-User-Agent'] && origin.userAgent) {
    headers['Gov-Client-Browser-JS-User-Agent'] = clean(origin.userAgent);
  }
  return headers;
}
