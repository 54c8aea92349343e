// The locked-out student's devices (issue 15): listed, and one signed out, for the password — no
// session, since the device limit is what keeps them out. Mutations, not queries: each call is judged
// as a login and counted by its limits, so nothing refetches on its own.
import { DeviceSignOutResponse, OwnDevicesResponse, type LoginRequest } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listOwnDevices = (credentials: LoginRequest) =>
  apiRequest('/api/Auth/devices', { method: 'POST', json: credentials, schema: OwnDevicesResponse });

export const signOutOwnDevice = ({ id, credentials }: { id: string; credentials: LoginRequest }) =>
  apiRequest(`/api/Auth/devices/${encodeURIComponent(id)}/sign-out`, {
    method: 'POST',
    json: credentials,
    schema: DeviceSignOutResponse,
  });

export const useListOwnDevices = () => useMutation({ mutationFn: listOwnDevices });

export const useSignOutOwnDevice = () => useMutation({ mutationFn: signOutOwnDevice });
