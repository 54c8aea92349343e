/** Navigation state the login screen understands (from registration and from protected routes). */
export type LoginLocationState = {
  from?: string;
  registered?: boolean;
  email?: string;
  requiresEmailConfirmation?: boolean;
};

export function readLoginState(state: unknown): LoginLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const value = state as Record<string, unknown>;
  return {
    from: typeof value.from === 'string' ? value.from : undefined,
    registered: value.registered === true,
    email: typeof value.email === 'string' ? value.email : undefined,
    requiresEmailConfirmation: value.requiresEmailConfirmation === true,
  };
}
