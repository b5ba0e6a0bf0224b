import { expect, it } from 'vitest';
import { ZOOM, lensSizeAfterWheel, toggledScale } from './gallery.tsx';

it('toggles click-to-zoom between 1 and the maximum of 3, with its direction (§2.12, §4)', () => {
  expect(toggledScale(1)).toEqual({ scale: ZOOM.maxScale, direction: 'OUT' });
  expect(toggledScale(3)).toEqual({ scale: 1, direction: 'IN' });
  expect(toggledScale(2)).toEqual({ scale: 1, direction: 'IN' });
  expect([ZOOM.maxScale, ZOOM.defaultScale, ZOOM.lensScale, ZOOM.lensSize, ZOOM.lensStep]).toEqual([3, 2, 5, 200, 10]);
});

it('grows the magnifier by 10 a wheel step up and shrinks it down, between 100 and 350 (§9)', () => {
  expect(lensSizeAfterWheel(200, -100)).toBe(210);
  expect(lensSizeAfterWheel(200, 100)).toBe(190);
  expect(lensSizeAfterWheel(350, -1)).toBe(350);
  expect(lensSizeAfterWheel(100, 1)).toBe(100);
});
