// The browser tests drive Debian's Chromium and never download a browser: stop at once, in one line,
// when it is not installed, instead of failing deep inside Playwright.
import { accessSync, constants } from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(browser, constants.X_OK);
} catch {
  console.error(
    `e2e: no Chromium at ${browser}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
