import { API_BASE, interpretResponse, requestHeaders } from './api.ts';
import { sessionStore } from './session.ts';

/**
 * A multipart upload (CSV imports, product images) with the session headers every call carries. The
 * JSON client sends JSON only; the answer goes through the same envelope reading.
 */
export async function uploadFile<T>(
  path: string,
  fields: Record<string, string>,
  fileField: string,
  file: File | null,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(fileField, file, file.name);
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: requestHeaders(path, sessionStore.get().session, false),
    body: form,
  });
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // A proxy's error page: the status code tells what happened.
  }
  const outcome = interpretResponse<T>(path, response.status, parsed);
  if (!outcome.ok) throw outcome.error;
  return outcome.data;
}

/** Downloads a report as CSV: the same call with format csv, saved under the given name. */
export async function downloadCsv(path: string, body: object, fileName: string): Promise<void> {
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: requestHeaders(path, sessionStore.get().session, true),
    body: JSON.stringify({ ...body, format: 'csv' }),
  });
  if (!response.ok) {
    const outcome = interpretResponse(path, response.status, await response.json().catch(() => null));
    if (!outcome.ok) throw outcome.error;
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
