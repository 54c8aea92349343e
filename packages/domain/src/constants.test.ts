import { describe, it, expect } from 'vitest';
import {
  CACHE_TTL_MS,
  CELEBRATION_MS,
  CONTROLS_HIDE_MS,
  DEFAULT_TENANT,
  MAX_DEVICES,
  MIN_PASSWORD_LENGTH,
  PLAYBACK_SPEEDS,
  UNIT_CODE_REDIRECT_MS,
  VIDEO_COMPLETE_THRESHOLD,
  canCompleteVideo,
  isPasswordLongEnough,
} from './constants';

describe('business constants (spec section 9)', () => {
  it.each<[string, unknown, unknown]>([
    ['maximum devices per account', MAX_DEVICES, 2],
    ['minimum password length', MIN_PASSWORD_LENGTH, 6],
    ['video completion threshold', VIDEO_COMPLETE_THRESHOLD, 0.9],
    ['playback speeds', PLAYBACK_SPEEDS, [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]],
    ['controls auto-hide', CONTROLS_HIDE_MS, 5000],
    ['celebration overlay', CELEBRATION_MS, 2000],
    ['cache lifetime', CACHE_TTL_MS, 300_000],
    ['redirect after a unit code', UNIT_CODE_REDIRECT_MS, 2000],
    ['default tenant', DEFAULT_TENANT, 'tenant8'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('canCompleteVideo', () => {
  it.each([
    [0, false],
    [0.5, false],
    [0.9, false],
    [0.9000001, true],
    [0.95, true],
    [1, true],
    [Number.NaN, false],
  ])('played %s → %s', (fraction, expected) => {
    expect(canCompleteVideo(fraction)).toBe(expected);
  });
});

describe('isPasswordLongEnough', () => {
  it.each([
    ['', false],
    ['12345', false],
    ['123456', true],
    ['1234567', true],
  ])('%j → %s', (password, expected) => {
    expect(isPasswordLongEnough(password)).toBe(expected);
  });
});
