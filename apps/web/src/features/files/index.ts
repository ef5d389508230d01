// Links to stored files and the wording of file errors, for the controls that show or take files.
export { absoluteFilePermalink, fileHref, filePermalink, useFileHref } from './file-links.ts';
export { useFilesMessage } from './messages.ts';
