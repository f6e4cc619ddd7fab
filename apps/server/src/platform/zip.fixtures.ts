import { inflateRawSync } from 'node:zlib';

/**
 * The files of a ZIP (an XLSX) by name, read from its central directory: enough for tests to look at the XML a
 * spreadsheet reads, without a ZIP library of their own.
 */
export function zipEntries(zip: Buffer): Map<string, string> {
  return new Map([...zipFiles(zip)].map(([name, data]) => [name, data.toString('utf8')]));
}

/** The files of a ZIP by name, as bytes (a file in another encoding than UTF-8, such as DATEV's). */
export function zipFiles(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
