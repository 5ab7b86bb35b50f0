// The attachments field (upload to POST /api/files, list, remove, ZIP advice) lives in ProjectFilesField.tsx.
export { FILE_ACCEPT, formatBytes, ProjectFilesField as AttachmentsField } from './ProjectFilesField';
