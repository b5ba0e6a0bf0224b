// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { BUILD_POLL_MS, MANIFEST_FETCH_DELAY_MS, latestBuildId, watchForNewBuild } from './build-check.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('looks at the latest build 1 s after the app starts (§9 manifest fetch delay), not before, and reloads a page of an older build', async () => {
  vi.useFakeTimers();
  const reload = vi.fn();
  const fetchBuildId = vi.fn(async () => 'build-2');
  const stop = watchForNewBuild('build-1', { fetchBuildId, reload });
  await vi.advanceTimersByTimeAsync(MANIFEST_FETCH_DELAY_MS - 1);
  expect(fetchBuildId).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(fetchBuildId).toHaveBeenCalledOnce();
  expect(reload).toHaveBeenCalledOnce();
  stop();
});

it('then checks every hour (§4), reloading once when the build changed', async () => {
  vi.useFakeTimers();
  const reload = vi.fn();
  let served = 'build-1';
  const fetchBuildId = vi.fn(async () => served);
  const stop = watchForNewBuild('build-1', { fetchBuildId, reload });
  await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
  expect(fetchBuildId).toHaveBeenCalledTimes(2);
  expect(reload).not.toHaveBeenCalled();
  served = 'build-2';
  await vi.advanceTimersByTimeAsync(BUILD_POLL_MS - 1);
  expect(reload).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(reload).toHaveBeenCalledOnce();
  await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
  expect(reload).toHaveBeenCalledOnce();
  stop();
  await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
  expect(fetchBuildId).toHaveBeenCalledTimes(4);
});

it('reads the build id from the latest-build file, and nothing from an answer that is not one', async () => {
  const asked: string[] = [];
  const answer = (status: number, body: unknown) =>
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(body), { status });
    });
  vi.stubGlobal('fetch', answer(200, { buildId: 'build-7' }));
  expect(await latestBuildId()).toBe('build-7');
  expect(asked).toEqual(['/_build/latest.json']);
  vi.stubGlobal('fetch', answer(503, { buildId: 'build-8' }));
  expect(await latestBuildId()).toBeNull();
  vi.stubGlobal('fetch', answer(200, { data: { buildId: 'build-9' } }));
  expect(await latestBuildId()).toBeNull();
});
