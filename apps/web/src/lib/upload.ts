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

/**
 * Saves a file the API answers as bytes rather than an envelope (a refusal still comes as one): POSTed with
 * `body`, else fetched with GET. With `serverName` the name the answer gives wins over `fileName`.
 */
export async function saveFile(
  path: string,
  o: { body?: object; fileName: string; serverName?: boolean },
): Promise<void> {
  const hasBody = o.body !== undefined;
  const response = await fetch(`${API_BASE}${path}`, {
    method: hasBody ? 'POST' : 'GET',
    headers: requestHeaders(path, sessionStore.get().session, hasBody),
    body: hasBody ? JSON.stringify(o.body) : undefined,
  });
  if (!response.ok) {
    const outcome = interpretResponse(path.split('?')[0], response.status, await response.json().catch(() => null));
    if (!outcome.ok) throw outcome.error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const given = o.serverName ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = given ?? o.fileName;
  a.click();
  URL.revokeObjectURL(href);
}

/** Downloads a report as CSV: the same call with format csv, saved under the given name. */
export function downloadCsv(path: string, body: object, fileName: string): Promise<void> {
  return saveFile(path, { body: { ...body, format: 'csv' }, fileName });
}
