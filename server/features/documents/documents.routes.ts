import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentIdParamsSchema,
  documentListSchema,
  uploadResponseSchema,
} from '../../../shared/contracts/documents';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import type { AppContext } from '../../app-context';
import { requireFounder } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  deleteDocument,
  listMyDocuments,
  tooLarge,
  type UploadPart,
  uploadDocument,
} from './documents.service';

/** Room for the multipart framing and the title and section fields around a 50 MB file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // One byte over our limit, so the storage write sees it and refuses (busboy would truncate quietly).
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 4, fieldSize: 2000, parts: 6 },
    });

    app.post(
      '/api/upload',
      {
        schema: { response: { 201: uploadResponseSchema } },
        // Refused before a byte of the body is read when the client says how large it is.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length']);
          if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
            throw tooLarge();
        },
      },
      async (request, reply) => {
        const founder = requireFounder(request);
        if (!request.isMultipart()) {
          throw new HttpError(400, 'invalid_request', 'file: send the file as multipart/form-data.', {
            field: 'file',
          });
        }
        const uploaded = await uploadDocument(ctx, founder, request.parts() as AsyncIterable<UploadPart>);
        return reply.status(201).send({ message: 'File uploaded successfully', ...uploaded });
      },
    );

    app.get('/api/my-documents', { schema: { response: { 200: documentListSchema } } }, async (request) =>
      listMyDocuments(ctx, requireFounder(request)),
    );

    app.delete(
      '/api/documents/:id',
      { schema: { params: documentIdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteDocument(ctx, requireFounder(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
