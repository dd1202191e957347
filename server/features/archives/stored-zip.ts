import zlib from 'node:zlib';

/**
 * A zip written as it streams, every file stored as it is (method 0): what "Download all" sends. The
 * files are read one at a time and each chunk goes out as soon as its CRC-32 is counted, with Node's
 * native zlib.crc32, so the archive keeps the rate of a plain download. Why this is ours and not yazl's
 * (whose CRC-32 is JavaScript, and takes no CRC for a stream): ADR 72.
 *
 * The format is PKWARE's APPNOTE 6.3: a local header per file with its CRC and sizes left to a data
 * descriptor after the bytes (bit 3), then the central directory, which every reader trusts. ZIP64
 * records are written only where a size, an offset or the count outgrows the classic fields, so an
 * ordinary room's zip opens in every tool, and a room over 4 GB still opens in the tools that read ZIP64.
 */

/** One file of the archive: its path inside it ("Folder/Name.pdf"), its time, and its bytes. */
export interface StoredZipEntry {
  name: string;
  modifiedAt: Date;
  bytes: Buffer | AsyncIterable<Buffer>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** Bit 3: CRC and sizes follow the data. Bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const VERSION_CLASSIC = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3), so that the external attributes below are read as a file's mode. */
const MADE_BY_UNIX = 3 << 8;
/** A regular file, rw-r--r--: what unzip gives the file it writes. */
const REGULAR_FILE_MODE = 0o100644;

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

/** What the central directory needs of a file once its bytes have gone out. */
interface WrittenEntry {
  name: Buffer;
  dosTime: number;
  dosDate: number;
  unixSeconds: number;
  crc: number;
  size: number;
  offset: number;
}

/**
 * The bytes of a zip holding `entries`, in order, as the consumer asks for them. Nothing is read ahead:
 * the next entry is asked of `entries` only once the previous one has gone out, so memory stays at one
 * chunk whatever the archive's size. Ending the iteration early (the reader left) stops the file
 * being read and asks nothing more of `entries`.
 */
export async function* storedZip(entries: AsyncIterable<StoredZipEntry>): AsyncGenerator<Buffer> {
  const written: WrittenEntry[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { dosTime, dosDate } = dosDateTime(entry.modifiedAt);
    const unixSeconds = Math.max(0, Math.floor(entry.modifiedAt.getTime() / 1000));
    const header = localHeader(name, dosTime, dosDate, unixSeconds);
    yield header;

    let crc = 0;
    let size = 0;
    for await (const chunk of Buffer.isBuffer(entry.bytes) ? [entry.bytes] : entry.bytes) {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    yield dataDescriptor(crc, size);
    written.push({ name, dosTime, dosDate, unixSeconds, crc, size, offset });
    offset += header.length + size + descriptorLength(size);
  }
  yield* centralDirectory(written, offset);
}

/** The classic DOS date and time (local time, two-second steps; 1980 at the earliest). */
function dosDateTime(at: Date): { dosTime: number; dosDate: number } {
  const when = at.getFullYear() < 1980 ? new Date(1980, 0, 1) : at;
  return {
    dosTime: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    dosDate: ((when.getFullYear() - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}

/** Info-ZIP's extended timestamp (0x5455): the time in UTC seconds, which the DOS fields cannot say. */
function extendedTimestamp(unixSeconds: number): Buffer {
  const field = Buffer.alloc(9);
  field.writeUInt16LE(0x5455, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(1, 4); // the modification time only
  field.writeUInt32LE(Math.min(unixSeconds, MAX_32), 5);
  return field;
}

function localHeader(name: Buffer, dosTime: number, dosDate: number, unixSeconds: number): Buffer {
  const extra = extendedTimestamp(unixSeconds);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION_CLASSIC, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(dosTime, 10);
  header.writeUInt16LE(dosDate, 12);
  // CRC and both sizes (14..25) stay zero: they are in the data descriptor.
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

/** 8-byte sizes once a file outgrows 4 GB (APPNOTE 4.3.9.1), 4-byte ones otherwise. */
function descriptorLength(size: number): number {
  return size >= MAX_32 ? 24 : 16;
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(descriptorLength(size));
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (size >= MAX_32) {
    descriptor.writeBigUInt64LE(BigInt(size), 8); // stored: compressed and uncompressed are one size
    descriptor.writeBigUInt64LE(BigInt(size), 16);
  } else {
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
  }
  return descriptor;
}

function* centralDirectory(entries: readonly WrittenEntry[], start: number): Generator<Buffer> {
  let length = 0;
  for (const entry of entries) {
    const header = centralHeader(entry);
    length += header.length;
    yield header;
  }
  const needsZip64 = entries.length >= MAX_16 || start >= MAX_32 || length >= MAX_32;
  if (needsZip64) yield zip64End(entries.length, length, start);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  // Disk numbers (4..7) are zero: one disk.
  end.writeUInt16LE(Math.min(entries.length, MAX_16), 8);
  end.writeUInt16LE(Math.min(entries.length, MAX_16), 10);
  end.writeUInt32LE(Math.min(length, MAX_32), 12);
  end.writeUInt32LE(Math.min(start, MAX_32), 16);
  // No comment (20..21).
  yield end;
}

function centralHeader(entry: WrittenEntry): Buffer {
  // ZIP64 extra field (0x0001): only the values that do not fit, in this order (APPNOTE 4.5.3).
  const large = [entry.size, entry.size, entry.offset].filter((value) => value >= MAX_32);
  const zip64 = Buffer.alloc(large.length > 0 ? 4 + 8 * large.length : 0);
  if (large.length > 0) {
    zip64.writeUInt16LE(0x0001, 0);
    zip64.writeUInt16LE(8 * large.length, 2);
    for (const [index, value] of large.entries()) zip64.writeBigUInt64LE(BigInt(value), 4 + 8 * index);
  }
  const extra = Buffer.concat([zip64, extendedTimestamp(entry.unixSeconds)]);
  const header = Buffer.alloc(46);
  const version = large.length > 0 ? VERSION_ZIP64 : VERSION_CLASSIC;
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 4);
  header.writeUInt16LE(version, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(0, 10); // stored
  header.writeUInt16LE(entry.dosTime, 12);
  header.writeUInt16LE(entry.dosDate, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(Math.min(entry.size, MAX_32), 20);
  header.writeUInt32LE(Math.min(entry.size, MAX_32), 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // No comment, disk 0, no internal attributes (32..37).
  header.writeUInt32LE((REGULAR_FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(Math.min(entry.offset, MAX_32), 42);
  return Buffer.concat([header, entry.name, extra]);
}

/** The ZIP64 end of central directory record and its locator (APPNOTE 4.3.14, 4.3.15). */
function zip64End(count: number, length: number, start: number): Buffer {
  const record = Buffer.alloc(56 + 20);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4); // the record's size after this field
  record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  // This disk and the directory's disk (16..23) are zero.
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(length), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  record.writeUInt32LE(ZIP64_END_LOCATOR, 56);
  // The record's disk (60..63) is zero; where it starts, then one disk in all.
  record.writeBigUInt64LE(BigInt(start + length), 64);
  record.writeUInt32LE(1, 72);
  return record;
}
