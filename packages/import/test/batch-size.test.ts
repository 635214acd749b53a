/**
 * The adaptive batch of new objects (run-import.ts BatchSize, issue 9 §4: progress at least once a
 * second): slow batches halve it down to the floor, fast ones double it back up to the ceiling, and a
 * short batch (the last one, or one cut by a shared key) changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_TARGET_MS, BatchSize, CREATE_BATCH, MIN_CREATE_BATCH } from '../src/run-import';

describe('BatchSize', () => {
  it('halves after slow batches down to the floor and doubles after fast ones up to the ceiling', () => {
    const b = new BatchSize();
    expect(b.size).toBe(CREATE_BATCH);
    expect(CREATE_BATCH).toBe(4000);
    const sizes: number[] = [];
    for (let i = 0; i < 8; i++) {
      b.took(b.size, 3 * BATCH_TARGET_MS);
      sizes.push(b.size);
    }
    expect(sizes).toEqual([2000, 1000, 500, 250, 125, MIN_CREATE_BATCH, MIN_CREATE_BATCH, MIN_CREATE_BATCH]);
    const up: number[] = [];
    for (let i = 0; i < 7; i++) {
      b.took(b.size, BATCH_TARGET_MS / 4);
      up.push(b.size);
    }
    expect(up).toEqual([200, 400, 800, 1600, 3200, CREATE_BATCH, CREATE_BATCH]);
  });

  it('keeps the size for a batch near the target and ignores a short batch', () => {
    const b = new BatchSize();
    b.took(b.size, BATCH_TARGET_MS);
    expect(b.size).toBe(CREATE_BATCH);
    b.took(10, 10 * BATCH_TARGET_MS);
    expect(b.size).toBe(CREATE_BATCH);
  });
});
