import zlib from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Zips written byte by byte, so that tests can make the hostile ones no library would: names that leave
 * the folder, sizes that lie, encrypted flags, 100,000 entries, a bomb. Generated, never checked in.
 */
export interface RawEntry {
  name: string;
  data?: Buffer;
  /** Deflate the data (method 8); stored otherwise. */
  deflate?: boolean;
  /** The uncompressed size the headers declare, when it must differ from the data's. */
  declaredSize?: number;
  /** General purpose bit 0: the entry is encrypted. */
  encrypted?: boolean;
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}
function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

export function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const body = entry.deflate ? zlib.deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(data);
    const size = entry.declaredSize ?? data.length;
    const flags = (entry.encrypted ? 1 : 0) | 0x800;
    const method = entry.deflate ? 8 : 0;
    const common = [u16(flags), u16(method), u16(0), u16(0x21), u32(crc), u32(body.length), u32(size)];
    const local = Buffer.concat([u32(0x04034b50), u16(20), ...common, u16(name.length), u16(0), name, body]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        ...common,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const count = Math.min(entries.length, 0xffff);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(count),
    u16(count),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

/** An ordinary zip of these files (deflated, as a zipped folder is). */
export function zipOf(files: Record<string, Buffer>): Buffer {
  return rawZip(Object.entries(files).map(([name, data]) => ({ name, data, deflate: true })));
}

/** One entry of 64 MB of zeros, deflated to about 64 KB: a compression ratio no document has. */
export function zipBomb(): Buffer {
  return rawZip([{ name: 'Financials/model.csv', data: Buffer.alloc(64 * 1024 * 1024), deflate: true }]);
}

/** A small entry that declares itself smaller still, and unpacks to more than it says. */
export function lyingSizeZip(): Buffer {
  return rawZip([{ name: 'notes.txt', data: Buffer.alloc(4096, 0x61), deflate: true, declaredSize: 10 }]);
}

/** Many empty files (the count the central directory declares is capped at 65,535 without ZIP64). */
export function manyEntriesZip(count: number): Buffer {
  return rawZip(Array.from({ length: count }, (_, index) => ({ name: `f${index}.txt` })));
}

/** The zip without its last bytes: the central directory's end is gone. */
export function truncatedZip(zip: Buffer): Buffer {
  return zip.subarray(0, zip.length - 30);
}

/** The files of a zip, by name (directories left out). */
export async function unzipped(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return archive.readEntry();
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.once('end', () => resolve());
    archive.once('error', reject);
    archive.readEntry();
  });
  return files;
}
