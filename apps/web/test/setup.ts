import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionValidation } from '../src/features/auth/hooks/use-session-validation';
import { authStore } from '../src/lib/auth-store';

afterEach(() => {
  cleanup();
  // The auth store keeps its snapshot in memory: sign out so one test's user never leaks into the next.
  authStore.clear();
  resetSessionValidation();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
