/**
 * The preparation module's public file: the job that makes documents' previews (page images, text,
 * tables) in a child process, and what app.ts runs at start. Other modules and app.ts import only this
 * file (docs/decisions/0063-room-content-as-four-modules.md).
 */
export {
  prepareDocumentJobs,
  processWorkRoot,
  retryPreview,
  startMissingPreviews,
  sweepPreparationWork,
} from './preparation.service';
/** The resolution scanned pages are read at: the benchmark gives tesseract alone the same page images. */
export { OCR_DPI } from './preparation-limits';
