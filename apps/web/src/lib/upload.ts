import type { UploadData, UploadInput, UploadParams, UploadPath, UploadPathOf } from '@portal/contract/endpoints';
import { API_BASE, interpretResponse, requestHeaders, withParams } from './api.ts';
import { sessionStore } from './session.ts';

type UploadArgs<P extends UploadPath> =
  UploadParams<P> extends undefined
    ? [input: UploadInput<P>]
    : [input: UploadInput<P>, options: { params: UploadParams<P> }];

/**
 * Multipart calls by the contract's upload table (CSV imports, pictures, bank statements), with the session
 * headers every call carries: the path picks the fields it takes and the data it answers, as `api` does for
 * JSON. `call` POSTs, `patch` PATCHes.
 */
export const upload = {
  call: <P extends UploadPathOf<'POST'>>(path: P, ...[input]: UploadArgs<P>): Promise<UploadData<P>> =>
    send('POST', path, input),
  patch: <P extends UploadPathOf<'PATCH'>>(path: P, ...[input, options]: UploadArgs<P>): Promise<UploadData<P>> =>
    send('PATCH', withParams(path, options?.params), input),
};

async function send(method: 'POST' | 'PATCH', path: string, input: object): Promise<never> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) {
    if (v instanceof File) form.append(k, v, v.name);
    else if (v !== undefined && v !== null) form.append(k, String(v));
  }
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
  const outcome = interpretResponse<never>(path, response.status, parsed);
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
    const outcome = interpretResponse(path.split('?')[0]!, response.status, await response.json().catch(() => null));
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
