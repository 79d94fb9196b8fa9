/**
 * The uploads module's public face beside its service: recognising a file by its bytes and
 * cleaning a file name, for modules that check files before storing them (project files, profile images).
 */
export { cleanFileName } from './file-names';
export { extensionOf, head, recogniseFile } from './file-types';
