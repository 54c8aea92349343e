// The auth calls of the spec, typed by the contract.
import {
  LoginEnvelope,
  MessageOnly,
  ProfileResponse,
  ProfileUpdateResponse,
  RegisterResponse,
  type LoginRequest,
  type ProfileUpdateRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

export const login = (input: LoginRequest) =>
  apiRequest('/api/Auth/login', { method: 'POST', json: input, schema: LoginEnvelope });

/** Sent as multipart form data, as the spec's client does; IsOnline travels as text. */
export function register(input: RegisterRequest) {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) form.append(key, String(value));
  return apiRequest('/api/Auth/register', { method: 'POST', form, schema: RegisterResponse });
}

export const forgotPassword = (email: string) =>
  apiRequest('/api/Auth/ForgotPassword', { method: 'POST', query: { email }, schema: MessageOnly });

export const resetPassword = (input: ResetPasswordRequest) =>
  apiRequest('/api/Auth/ResetPassword', { method: 'POST', json: input, schema: MessageOnly });

export const getProfile = () => apiRequest('/api/Student/profile', { schema: ProfileResponse });

export const updateProfile = (input: ProfileUpdateRequest) =>
  apiRequest('/api/Student/profile', { method: 'PUT', json: input, schema: ProfileUpdateResponse });
