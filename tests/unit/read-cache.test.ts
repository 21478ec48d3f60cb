import { describe, expect, it } from 'vitest';
import { createDataChanges } from '../../src/server/db/data-changes.js';
import { createReadCache } from '../../src/server/read-cache.js';

describe('the read cache', () => {
  it('answers from memory until the next committed write', () => {
    const changes = createDataChanges(true);
    const cache = createReadCache(changes);
    cache.set('/tours/all', '[1]', changes.generation);
    expect(cache.get('/tours/all')).toBe('[1]');
    changes.bump();
    expect(cache.get('/tours/all')).toBeNull();
  });

  it('does not keep an answer read while a write committed', () => {
    const changes = createDataChanges(true);
    const cache = createReadCache(changes);
    const readStarted = changes.generation;
    changes.bump();
    cache.set('/tours/all', '[stale]', readStarted);
    expect(cache.get('/tours/all')).toBeNull();
  });

  it('keeps nothing while other processes’ writes cannot be heard', () => {
    const changes = createDataChanges(false);
    const cache = createReadCache(changes);
    cache.set('/a', '1', changes.generation);
    expect(cache.get('/a')).toBeNull();
    changes.setComplete(true);
    cache.set('/a', '1', changes.generation);
    expect(cache.get('/a')).toBe('1');
    changes.setComplete(false);
    expect(cache.get('/a')).toBeNull();
  });

  it('drops the least recently used answers past its size limit', () => {
    const changes = createDataChanges(true);
    // 100 characters take 200 bytes: room for eight answers.
    const cache = createReadCache(changes, 8 * 200);
    const body = 'x'.repeat(100);
    for (const key of ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h']) cache.set(key, body, changes.generation);
    expect(cache.size).toBe(8);
    expect(cache.get('/a')).toBe(body);
    cache.set('/i', body, changes.generation);
    expect(cache.size).toBe(8);
    expect(cache.get('/b')).toBeNull();
    expect(cache.get('/a')).toBe(body);
    expect(cache.get('/i')).toBe(body);
  });

  it('does not keep an answer larger than an eighth of its size', () => {
    const changes = createDataChanges(true);
    const cache = createReadCache(changes, 8 * 200);
    cache.set('/big', 'x'.repeat(101), changes.generation);
    expect(cache.get('/big')).toBeNull();
  });
});
