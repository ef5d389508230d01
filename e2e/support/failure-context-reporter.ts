import { readFile } from 'node:fs/promises';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How much of a failed page's snapshot is printed: enough to see the dialog or list it was on. */
const MAX_CHARS = 6000;

/**
 * Prints the page snapshot Playwright saves for a failed journey (error-context.md) into the log.
 * On CI only the log outlives the clean clone, and a failure that depends on the machine's timing is
 * otherwise impossible to read after the fact.
 */
export default class FailureContextReporter implements Reporter {
  async onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      const text = await readFile(attachment.path, 'utf8').catch(() => '');
      if (!text) continue;
      const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n…` : text;
      process.stdout.write(`\n--- page at the failure of "${test.title}" ---\n${shown}\n--- end ---\n`);
    }
  }

  printsToStdio() {
    return true;
  }
}
