// CSV exports need the bearer token, so a plain link cannot fetch them: the file is fetched as a blob
// with the API's headers (renewing the token once on a 401, like the API client) and saved through a
// temporary object URL.
import { ApiError, appHeaders, refreshAccessToken } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

function fetchFile(path: string, token: string | null): Promise<Response> {
  const headers = appHeaders();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, { headers, credentials: 'include' });
}

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetchFile(path, authStore.get().token);
    if (response.status === 401) response = await fetchFile(path, await refreshAccessToken());
  } catch {
    throw new ApiError(0, 'Network error', null, 'ERR_NETWORK');
  }
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
