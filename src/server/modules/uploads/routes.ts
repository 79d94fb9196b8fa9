import type { MultipartBody } from '../../contract/multipart';
import { validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import type { OperationHandlers } from '../../plugins/contract';
import { viewerOf } from '../viewer';
import { downloadHeaders, uploadService } from './service';

type Schemas = components['schemas'];

export const uploadRoutes: OperationHandlers = {
  uploadAttachment: async (request, reply): Promise<Schemas['UploadAttachmentResponse']> => {
    const viewer = viewerOf(request);
    await request.server.rateLimits.consume('upload', viewer.userId);
    const upload = (request.body as MultipartBody).files.file?.[0];
    if (!upload) throw validationFailed([{ field: 'file', message: 'is required' }]);
    const data = await uploadService(request.server).uploadAttachment(viewer.userId, upload);
    reply.code(201).header('cache-control', 'no-store');
    return { status: 'success', message: 'File uploaded.', data };
  },

  getUpload: async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    const download = await uploadService(request.server).download(request.viewer ?? null, id, name);
    return reply.headers(downloadHeaders(download.row, download.publicFile)).send(download.content);
  },
};
