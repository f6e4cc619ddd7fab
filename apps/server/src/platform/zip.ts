import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** An MS-DOS date and time (the ZIP format's), of Berlin wall-clock time as the reader's unpacker shows it. */
function dosTime(wall: string): { time: number; date: number } {
  const [y, mo, d, h, mi, s] = wall.split(/[- :]/).map(Number);
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined || s === undefined)
    throw new RangeError(`not "YYYY-MM-DD HH:mm:ss": ${wall}`);
  return { time: (h << 11) | (mi << 5) | Math.floor(s / 2), date: ((y - 1980) << 9) | (mo << 5) | d };
}

/**
 * A ZIP of a few files built in memory (DATEV's two files, a tax audit's tables): deflated, names in UTF-8
 * (flag bit 11), no ZIP64, so each file and the whole stay below 4 GiB — the callers' files are a month's or a
 * period's documents, far below that. `wall` is the files' time, `YYYY-MM-DD HH:mm:ss`.
 */
export function writeZip(entries: readonly ZipEntry[], wall: string): Buffer {
  const { time, date } = dosTime(wall);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface ZipStreamEntry {
  name: string;
  /** The file's bytes as they come (a table's rows page by page). */
  chunks: AsyncIterable<Buffer>;
}

/**
 * A ZIP written while its files are read, for exports too large to hold (a tax audit's ledger): each chunk is
 * deflated on its own and flushed to a byte boundary (independent deflate blocks one after another are one valid
 * stream; the last is an empty final block), the CRC and sizes follow each file's data (flag bit 3, a data
 * descriptor) and the directory comes at the end. No ZIP64: a file or the whole stays below 4 GiB, which the caller
 * bounds (it refuses longer periods).
 */
export async function* zipStream(entries: Iterable<ZipStreamEntry>, wall: string): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(wall);
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    yield Buffer.concat([local, name]);
    let crc = 0;
    let size = 0;
    let packed = 0;
    for await (const chunk of e.chunks) {
      if (chunk.length === 0) continue;
      crc = crc32(chunk, crc);
      size += chunk.length;
      const out = deflateRawSync(chunk, { finishFlush: constants.Z_SYNC_FLUSH });
      packed += out.length;
      yield out;
    }
    const last = deflateRawSync(Buffer.alloc(0));
    packed += last.length;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(packed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield Buffer.concat([last, descriptor]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0808, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed + descriptor.length;
    count++;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}
