import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { sessionStore } from './session.ts';
import { upload } from './upload.ts';

const answer = (status: number, body: object) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('upload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.set({ session: null, user: null });
  });

  it('sends the file as its part and the other fields as text, with the session headers', async () => {
    sessionStore.set({ session: { access_token: 'tok', session_id: 'sess', customer_id: 7 }, user: null });
    const fetchMock = answer(200, { message_type: 1, message: 'ok', data: { product_id: 3 } });
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['png'], 'card.png', { type: 'image/png' });

    const data = await upload.call('/update_product_image/', { product_id: 3, product_image: file });

    expect(data).toEqual({ product_id: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/update_product_image/');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Session-Id': 'sess' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
    const form = init?.body as FormData;
    expect(form.get('product_id')).toBe('3');
    expect((form.get('product_image') as File).name).toBe('card.png');
  });

  it('fills the path parameters of a PATCH and leaves out absent fields and a missing file', async () => {
    const fetchMock = answer(200, { message_type: 1, message: 'ok', data: { category_id: 5 } });
    vi.stubGlobal('fetch', fetchMock);

    await upload.patch(
      '/hardware_category/update/:id/',
      { category_name: 'Kassen', description: undefined, image: null },
      { params: { id: 5 } },
    );

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/hardware_category/update/5/');
    expect(init?.method).toBe('PATCH');
    const form = init?.body as FormData;
    expect([...form.keys()]).toEqual(['category_name']);
  });

  it('throws the refusal with the fields it names', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, {
        message_type: 0,
        message: 'csv_file: only .csv files',
        code: 'import_not_csv',
        errors: [{ field: 'csv_file', rule: 'type', message: 'csv_file: only .csv files' }],
      }),
    );

    const refused = upload.call('/upload_file/', { delimiter: ',', csv_file: new File(['x'], 'pins.txt') });

    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 'import_not_csv', errors: [{ field: 'csv_file' }] });
  });
});
