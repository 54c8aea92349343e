// /api/Auth/*: thin handlers; the rules live in the services.
import {
  ConfirmEmailQuery,
  DEVICE_ID_PATTERN,
  DeviceSignOutResponse,
  ForgotPasswordQuery,
  LoginRequest,
  LoginResponse,
  MessageOnly,
  OwnDeviceParams,
  OwnDevicesResponse,
  RefreshResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/app-error';
import { bearerOf, deviceIdOf } from '../../plugins/auth';
import { clientAddressOf, tenantOf } from '../../plugins/tenant';
import type { AuthService } from './auth-service';
import type { OwnDevicesService } from './own-devices';
import type { PasswordResetService } from './password-reset-service';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_DAYS } from './tokens';
import { storedUserAgent } from './user-agent';

type Options = {
  auth: AuthService;
  ownDevices: OwnDevicesService;
  passwordReset: PasswordResetService;
  secureCookies: 'auto' | boolean;
};

const tags = ['Auth'];

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { auth, ownDevices, passwordReset, secureCookies },
) => {
  // Cookies are parsed here only: /api/Auth is the refresh cookie's path and the only reader.
  const refreshCookieOf = (request: FastifyRequest): string | null =>
    app.parseCookie(request.headers.cookie ?? '')[REFRESH_COOKIE] ?? null;
  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies === 'auto' ? request.protocol === 'https' : secureCookies,
      maxAge: REFRESH_TOKEN_DAYS * 86_400,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });

  const requireDeviceId = (request: FastifyRequest): string => {
    const deviceId = deviceIdOf(request);
    if (!deviceId || !DEVICE_ID_PATTERN.test(deviceId)) {
      throw badRequest('A valid DeviceId header is required', {
        DeviceId: 'A valid DeviceId header is required',
      });
    }
    return deviceId;
  };

  app.post(
    '/register',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: RegisterRequest,
        response: { 200: RegisterResponse },
      },
    },
    async (request) => {
      const data = await auth.register(tenantOf(request), request.body, clientAddressOf(request));
      return { success: true, message: 'Registration successful', data };
    },
  );

  app.post(
    '/login',
    { schema: { tags, body: LoginRequest, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const deviceId = requireDeviceId(request);
      const { refreshToken, ...data } = await auth.login(
        tenantOf(request),
        request.body,
        deviceId,
        clientAddressOf(request),
        storedUserAgent(request.headers['user-agent']),
      );
      setRefreshCookie(request, reply, refreshToken);
      // The envelope, and `user` and `token` at the top level too, where existing clients read them.
      return { success: true, message: 'Login successful', data, ...data };
    },
  );

  // The locked-out student's way out of the device limit (own-devices.ts): the password, not a session.
  app.post(
    '/devices',
    { schema: { tags, body: LoginRequest, response: { 200: OwnDevicesResponse } } },
    async (request) => {
      const data = await ownDevices.list(
        tenantOf(request),
        request.body,
        requireDeviceId(request),
        clientAddressOf(request),
      );
      return { success: true, message: null, data };
    },
  );

  app.post(
    '/devices/:id/sign-out',
    {
      schema: { tags, params: OwnDeviceParams, body: LoginRequest, response: { 200: DeviceSignOutResponse } },
    },
    async (request) => {
      const data = await ownDevices.signOut(
        tenantOf(request),
        request.body,
        requireDeviceId(request),
        clientAddressOf(request),
        request.params.id,
      );
      return { success: true, message: 'Signed out of the device', data };
    },
  );

  app.post('/logout', { schema: { tags, response: { 200: MessageOnly } } }, async (request, reply) => {
    await auth.logout(tenantOf(request), {
      bearer: bearerOf(request),
      deviceId: deviceIdOf(request),
      refreshToken: refreshCookieOf(request),
    });
    clearRefreshCookie(reply);
    return { success: true, message: 'Logged out successfully', data: null };
  });

  app.post(
    '/refresh-token',
    { schema: { tags, response: { 200: RefreshResponse } } },
    async (request, reply) => {
      try {
        const { token, refreshToken } = await auth.refresh(
          tenantOf(request),
          deviceIdOf(request),
          refreshCookieOf(request),
        );
        setRefreshCookie(request, reply, refreshToken);
        return { success: true, message: null, data: { token } };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          clearRefreshCookie(reply);
        }
        throw error;
      }
    },
  );

  app.post(
    '/ForgotPassword',
    { schema: { tags, querystring: ForgotPasswordQuery, response: { 200: MessageOnly } } },
    async (request) => {
      await passwordReset.requestCode(tenantOf(request), request.query.email, clientAddressOf(request));
      return { success: true, message: 'OTP has been sent to your email.', data: null };
    },
  );

  app.post(
    '/ResetPassword',
    { schema: { tags, body: ResetPasswordRequest, response: { 200: MessageOnly } } },
    async (request) => {
      await passwordReset.reset(tenantOf(request), request.body);
      return { success: true, message: 'Password has been reset successfully', data: null };
    },
  );

  app.get(
    '/confirm-email',
    { config: { tenant: false }, schema: { tags, querystring: ConfirmEmailQuery } },
    async (request, reply) => {
      const email = await auth.confirmEmail(request.query.token);
      const target = email ? `/login?verified=1&email=${encodeURIComponent(email)}` : '/login?verified=0';
      return reply.redirect(target, 302);
    },
  );
};
