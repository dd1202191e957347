import type { Readable } from 'node:stream';
import type { DownloadableDocument } from './readable-documents.service';

/** What a watermarked download sends: a PDF stamped as it streams, or an image stamped whole. */
export type WatermarkedCopy =
  | { kind: 'pdf'; fileName: string; stamped: { stream: Readable; close(): Promise<void> } }
  | { kind: 'image'; fileName: string; contentType: string; bytes: Buffer };

/**
 * The reader's watermarked copy of a download (docs/decisions/0046-dynamic-watermark.md), or null where
 * no watermark applies (the room's managers, a room without it). The reading module makes it and app.ts
 * wires it in, so that documents never import reading (docs/decisions/0063-room-content-as-four-modules.md).
 */
export interface DownloadWatermarks {
  copyFor(
    reader: { id: string; email: string },
    document: DownloadableDocument,
  ): Promise<WatermarkedCopy | null>;
}
