import { describe, expect, it } from 'vitest';
import { embeddedTuning } from '../embedded-postgres.ts';

const GIB = 1024 ** 3;
const sharedBuffers = (memory: number) =>
  embeddedTuning(memory).find((flag) => flag.startsWith('shared_buffers='));

describe('embeddedTuning', () => {
  it('gives the embedded PostgreSQL a quarter of the memory as shared buffers, between 128 MB and 1 GB', () => {
    expect(sharedBuffers(24 * GIB)).toBe('shared_buffers=1024MB');
    expect(sharedBuffers(2 * GIB)).toBe('shared_buffers=512MB');
    expect(sharedBuffers(GIB / 4)).toBe('shared_buffers=128MB');
  });

  it('spaces checkpoints by 4 GB of WAL, as -c flags', () => {
    const flags = embeddedTuning(8 * GIB);
    expect(flags).toContain('max_wal_size=4GB');
    expect(flags.filter((_flag, i) => i % 2 === 0).every((flag) => flag === '-c')).toBe(true);
  });
});
