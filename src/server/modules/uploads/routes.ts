import { answer, type OperationHandlers, type UploadChecks } from '../../contract/handlers';
import { validationFailed } from '../../errors';
import { messagesService } from '../messages/service';
import { proposalService } from '../proposals/service';
import { serviceRequestService } from '../requests/service';
import { spendUploadAllowance } from '../upload-allowance';
import { viewerOf } from '../viewer';
import { downloadHeaders, uploadService, type AttachmentReaders } from './service';

export const uploadRoutes: OperationHandlers = {
  uploadAttachment: async (request) => {
    const viewer = viewerOf(request);
    const upload = request.body.files.file?.[0];
    if (!upload) throw validationFailed([{ field: 'file', message: 'is required' }]);
    const data = await uploadService(request.server).uploadAttachment(viewer.userId, upload);
    return answer(data, { message: 'File uploaded.' });
  },

  /** The file's bytes with their own headers (type, disposition, cache): no envelope. */
  getUpload: async (request, reply) => {
    const { id, name } = request.params;
    const readers: AttachmentReaders = {
      'service-request': (viewer, requestId) => serviceRequestService(request.server).mayReadFiles(viewer, requestId),
      message: (viewer, messageId) => messagesService(request.server).mayReadFiles(viewer, messageId),
      proposal: (viewer, proposalId) => proposalService(request.server).mayReadFiles(viewer, proposalId),
    };
    const download = await uploadService(request.server).download(request.viewer ?? null, id, name, readers);
    return reply.headers(downloadHeaders(download.row, download.publicFile)).send(download.content);
  },
};

/** The account's upload allowance is spent before the file is received, not after. */
export const uploadUploadChecks: UploadChecks = {
  uploadAttachment: spendUploadAllowance,
};
