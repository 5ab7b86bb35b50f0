// The attachments field (upload to POST /api/files, list, remove, ZIP advice) lives in ProjectFilesField.tsx,
// on the shared components/files/FilesField.tsx.
export { FILE_ACCEPT, formatBytes } from '../../../components/files/FilesField';
export { ProjectFilesField as AttachmentsField } from './ProjectFilesField';
