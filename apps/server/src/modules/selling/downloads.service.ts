import type { Language } from '@portal/contract/limits';
import type { DownloadInfo } from '@portal/contract/selling';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { moneyText } from '../../platform/money.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { Storage } from '../../platform/storage.ts';
import { localisePinsCsv, renderSaleCsv, renderSalePdf } from './selling.documents.ts';
import { RENDER_DOWNLOAD_JOB } from './selling.job-defs.ts';
import type { SellingRepository } from './selling.repository.ts';

/** A bulk sale's files: rendered by a job after the purchase, fetched by their buyer until they expire. */
export function createDownloadsService(deps: {
  db: Db;
  repo: SellingRepository;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
  storage: Storage;
  jobs: Jobs;
  clock: Clock;
  /**
   * The language a user reads the portal in: the PIN file is written in it when downloaded, the receipts PDF when
   * rendered for the buyer (decision 0131).
   */
  languageOfUser: (userId: number) => Promise<Language>;
}) {
  const { db, repo, pinCrypto, storage, jobs, clock } = deps;

  /**
   * The render job: the machine-readable CSV (the localised one is written from it per download) and the receipts
   * PDF in the buyer's language, encrypted into storage; a second run finds it ready.
   */
  async function renderDownload({ downloadId }: { downloadId: string }) {
    await db.transaction(async (tx) => {
      const d = await repo.lockDownload(downloadId, tx);
      if (!d || d.status === 'ready') return;
      const s = await repo.findSale(d.sale_id, d.customer_id, tx);
      if (!s) return;
      const pins = (await repo.findSalePins(s.id, undefined, tx)).map((p) => ({
        pin: pinCrypto.decrypt(p.pin_ciphertext),
        serial: p.serial,
        lot: p.lot,
      }));
      const doc = {
        saleId: s.id,
        productName: s.product_name,
        productType: s.product_type,
        value: s.face_value,
        info: s.info,
        customerCare: s.customer_care,
        instructions: s.instructions,
        shopName: s.shop_name,
        soldAt: s.created_at,
        pins,
      };
      const base = `sale-${s.id}`;
      const file = (name: string, contentType: string, data: Buffer) =>
        storage.put(
          {
            purpose: 'sale_download',
            ownerCustomerId: d.customer_id,
            name,
            contentType,
            data,
            encrypt: true,
            expiresAt: d.expires_at,
          },
          tx,
        );
      const csv = await file(`${base}.csv`, 'text/csv; charset=utf-8', renderSaleCsv(doc));
      const pdf = await file(
        `${base}.pdf`,
        'application/pdf',
        await renderSalePdf(doc, await deps.languageOfUser(d.user_id)),
      );
      await repo.markDownloadReady(downloadId, { csvFileId: csv.id, pdfFileId: pdf.id }, clock.now(), tx);
    });
  }

  /** Downloads whose job was lost (a crash between commit and send) are sent again. */
  async function sweepDownloads() {
    const stale = await repo.findPendingDownloads(new Date(clock.now().getTime() - 60_000));
    for (const downloadId of stale) {
      await jobs.send(RENDER_DOWNLOAD_JOB, { downloadId }, { singletonKey: `download-${downloadId}` });
    }
  }

  async function ownDownload(actor: Actor, downloadId: string) {
    const d = await repo.findDownload(downloadId, actor.userId);
    if (!d || d.customer_id !== actor.customerId) throw notFound('Download');
    return d;
  }

  async function getDownload(actor: Actor, downloadId: string): Promise<DownloadInfo> {
    const d = await ownDownload(actor, downloadId);
    const expired = d.expires_at.getTime() <= clock.now().getTime();
    const sizes = await repo.fileSizes([d.csv_file_id, d.pdf_file_id].filter((x): x is string => x !== null));
    const files: DownloadInfo['files'] = [];
    if (!expired) {
      for (const [kind, id] of [
        ['csv', d.csv_file_id],
        ['pdf', d.pdf_file_id],
      ] as const) {
        const f = id ? sizes.get(id) : undefined;
        if (f) files.push({ kind, name: f.name, size: f.size });
      }
    }
    return {
      download_id: d.id,
      sale_id: d.sale_id,
      status: d.status,
      product_name: d.product_name,
      value: moneyText(d.face_value),
      quantity: d.quantity,
      created_at: d.created_at.toISOString(),
      expires_at: d.expires_at.toISOString(),
      files,
    };
  }

  /**
   * The file itself, for its buyer only; every download is recorded as a reveal of the sale's PINs. The CSV is
   * written in the buyer's language and spreadsheet dialect, or with `machine` as stored: the fixed machine-readable
   * file shops' software reads.
   */
  async function getDownloadFile(actor: Actor, downloadId: string, kind: 'csv' | 'pdf', machine = false) {
    const d = await ownDownload(actor, downloadId);
    if (d.status !== 'ready') throw new AppError('in_progress', 'The file is still being prepared');
    const id = kind === 'csv' ? d.csv_file_id : d.pdf_file_id;
    const file = id ? await storage.get(id) : null;
    if (!file || d.expires_at.getTime() <= clock.now().getTime()) throw notFound('File');
    await repo.insertReveal({
      saleId: d.sale_id,
      customerId: actor.customerId,
      userId: actor.userId,
      kind: 'download',
      pinIds: null,
      at: clock.now(),
    });
    if (kind !== 'csv') return file;
    if (machine) return { ...file, name: file.name.replace(/\.csv$/, '-machine.csv') };
    return { ...file, data: localisePinsCsv(file.data, await deps.languageOfUser(actor.userId)) };
  }

  return { renderDownload, sweepDownloads, getDownload, getDownloadFile };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
