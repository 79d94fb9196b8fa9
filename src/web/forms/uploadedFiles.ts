/**
 * Names of the files this browser uploaded, by upload id, so a draft that keeps only ids
 * (what the request form sends) still shows what each file is when the visitor comes back.
 * Kept beside the drafts in localStorage; storage may be off, and then names last the visit.
 */
export const UPLOADED_FILES_KEY = 'request_attachment_names';
const MAX_REMEMBERED = 50;

export interface UploadedFile {
  name: string;
  size: number;
}

const memory = new Map<string, UploadedFile>();

function readStored(): [string, UploadedFile][] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(UPLOADED_FILES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, UploadedFile] =>
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        typeof entry[1]?.name === 'string' &&
        typeof entry[1]?.size === 'number',
    );
  } catch {
    return [];
  }
}

export function uploadedFile(id: string): UploadedFile | undefined {
  return memory.get(id) ?? readStored().find(([key]) => key === id)?.[1];
}

export function rememberUploadedFile(id: string, file: UploadedFile): void {
  memory.set(id, file);
  const entries = [...readStored().filter(([key]) => key !== id), [id, file] as [string, UploadedFile]];
  try {
    window.localStorage.setItem(UPLOADED_FILES_KEY, JSON.stringify(entries.slice(-MAX_REMEMBERED)));
  } catch {
    // Private mode or a full quota: the names last this visit.
  }
}
