import { DeclareAttachmentBody } from '../attachments/schemas.ts';
import { route, journal, VersionBody } from './route.ts';

const attachments = `${journal}/Attachments` as const;

/**
 * The attachments rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as attachmentsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('attachments.create', () => ({ methods: ['POST'], path: attachments, handler: 'functions/attachments/create.ts', access: 'attachments:create', event: 'AttachmentDeclared', documents: 'upload', body: DeclareAttachmentBody, response: 'CreatedAttachmentResponse', errors: ['400 UnsupportedContentType', '400 AttachmentTooLarge', '409 InvalidState', '409 TooManyAttachments'], summary: 'Declare a source document of the journal (name, type, size in bytes, SHA-256 in hex): answers a presigned PUT that takes exactly that file, straight into storage (a voided journal takes none; at most 25 a journal)', tag: 'Attachments' }));
export const list = /* @__PURE__ */ route('attachments.list', () => ({ methods: ['GET'], path: attachments, handler: 'functions/attachments/list.ts', access: 'attachments:read', response: 'AttachmentsResponse', summary: "The journal's attachments, oldest first (at most 25; no URLs: GET one for its download URL)", tag: 'Attachments' }));
export const get = /* @__PURE__ */ route('attachments.get', () => ({ methods: ['GET'], path: `${attachments}/{attachmentId}`, handler: 'functions/attachments/get.ts', access: 'attachments:read', documents: 'check', response: 'AttachmentResponse', summary: 'An attachment, with a presigned GET of its file once available. A pending one whose file is now in storage is checked first: available when it is the file declared (AttachmentAdded; its file then locked until retainUntil), else rejected', tag: 'Attachments' }));
export const remove = /* @__PURE__ */ route('attachments.remove', () => ({ methods: ['DELETE'], path: `${attachments}/{attachmentId}`, handler: 'functions/attachments/remove.ts', access: 'attachments:create', event: 'AttachmentRemoved', body: VersionBody, response: 'AttachmentSummaryResponse', errors: ['409 Conflict', '409 AttachmentLocked', '409 InvalidState'], summary: 'Remove an attachment from an unposted journal (draft, submitted or approved; versioned): the record stays, removed, and so does the stored file; a posted, reversed or voided journal keeps its attachments', tag: 'Attachments' }));

/** Every attachments row by action, for the route table. */
export const attachmentsRoutes = { create, list, get, remove };
