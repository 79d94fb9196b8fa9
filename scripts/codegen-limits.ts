/**
 * The contract's limits the web forms check before sending (lengths, upload types), written to
 * src/web/api/generated/limits.ts from the bundled contract so they are never retyped by hand.
 * Run by scripts/codegen.ts after orval; `codegen:check` compares the file like the rest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const LIMITS_FILE = 'src/web/api/generated/limits.ts';

type Node = Record<string, unknown>;

function at(document: Node, pointer: string): Node {
  let node: unknown = document;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Node)[key] : undefined;
    if (node && typeof node === 'object' && typeof (node as Node).$ref === 'string') {
      node = at(document, ((node as Node).$ref as string).slice(1));
    }
  }
  if (!node || typeof node !== 'object') throw new Error(`codegen-limits: the contract has nothing at ${pointer}`);
  return node as Node;
}

function number(schema: Node, keyword: 'minLength' | 'maxLength', where: string): number {
  const value = schema[keyword];
  if (typeof value !== 'number') throw new Error(`codegen-limits: ${where} has no ${keyword}`);
  return value;
}

const schema = (name: string) => `#/components/schemas/${name}`;
const property = (name: string, field: string) => `${schema(name)}/properties/${field}`;

function length(document: Node, pointer: string, keywords: ('minLength' | 'maxLength')[]) {
  const node = at(document, pointer.slice(1));
  return Object.fromEntries(keywords.map((k) => [k === 'minLength' ? 'min' : 'max', number(node, k, pointer)]));
}

/** The MIME types of a multipart field (`encoding.<field>.contentType`) of an operation. */
function mimeTypes(document: Node, operationId: string, field: string): string[] {
  for (const item of Object.values(document.paths as Node)) {
    for (const operation of Object.values(item as Node)) {
      if (!operation || typeof operation !== 'object' || (operation as Node).operationId !== operationId) continue;
      const encoding = at(operation as Node, '/requestBody/content/multipart~1form-data/encoding');
      const contentType = (encoding[field] as Node | undefined)?.contentType;
      if (typeof contentType !== 'string') break;
      return contentType.split(',').map((type) => type.trim());
    }
  }
  throw new Error(`codegen-limits: ${operationId} has no content types for ${field}`);
}

/** An operation's `x-upload` limits (files and bytes per request), as the server enforces them. */
function uploadLimits(document: Node, operationId: string): Node {
  for (const item of Object.values(document.paths as Node)) {
    for (const operation of Object.values(item as Node)) {
      if (!operation || typeof operation !== 'object' || (operation as Node).operationId !== operationId) continue;
      const limits = (operation as Node)['x-upload'];
      if (limits && typeof limits === 'object') return limits as Node;
    }
  }
  throw new Error(`codegen-limits: ${operationId} has no x-upload`);
}

export function limitsSource(document: Node): string {
  const then = `${schema('AuthRegisterBusinessInput')}/then/properties/heardAboutUsOther`;
  const fields = {
    personName: length(document, schema('AuthPersonName'), ['minLength', 'maxLength']),
    companyName: length(document, schema('AuthCompanyName'), ['minLength', 'maxLength']),
    email: length(document, schema('Email'), ['maxLength']),
    password: length(document, property('AuthRegisterPersonInput', 'password'), ['minLength', 'maxLength']),
    loginPassword: length(document, property('AuthLoginInput', 'password'), ['maxLength']),
    heardAboutUsOther: length(document, then, ['minLength', 'maxLength']),
  };
  const review = {
    title: length(document, property('ProviderReviewSubmitInput', 'title'), ['minLength', 'maxLength']),
    text: length(document, property('ProviderReviewSubmitInput', 'text'), ['minLength', 'maxLength']),
    reviewerName: length(document, property('ProviderReviewSubmitInput', 'reviewerName'), ['minLength', 'maxLength']),
    reviewerRole: length(document, property('ProviderReviewSubmitInput', 'reviewerRole'), ['maxLength']),
    projectSummary: length(document, property('ProviderReviewSubmitInput', 'projectSummary'), ['maxLength']),
  };
  const websiteRequest = {
    name: length(document, property('WebsiteRequestInput', 'name'), ['minLength', 'maxLength']),
    company: length(document, property('WebsiteRequestInput', 'company'), ['maxLength']),
    message: length(document, property('WebsiteRequestInput', 'message'), ['minLength', 'maxLength']),
  };
  const contact = {
    name: length(document, property('WebsiteContactInput', 'name'), ['minLength', 'maxLength']),
    subject: length(document, property('WebsiteContactInput', 'subject'), ['minLength', 'maxLength']),
    message: length(document, property('WebsiteContactInput', 'message'), ['minLength', 'maxLength']),
  };
  const mime = {
    profileImage: mimeTypes(document, 'updateProfile', 'image'),
    projectImages: mimeTypes(document, 'addFreelancerProject', 'images'),
    projectFiles: mimeTypes(document, 'addFreelancerProject', 'files'),
    attachment: mimeTypes(document, 'uploadAttachment', 'file'),
    proposalAttachments: mimeTypes(document, 'submitProposal', 'attachments'),
  };
  const uploads = {
    profileImage: uploadLimits(document, 'updateProfile'),
    project: uploadLimits(document, 'addFreelancerProject'),
    attachment: uploadLimits(document, 'uploadAttachment'),
    websiteRequest: uploadLimits(document, 'submitWebsiteRequest'),
    proposal: uploadLimits(document, 'submitProposal'),
  };
  const constant = (name: string, doc: string, value: unknown) =>
    `/** ${doc} */\nexport const ${name} = ${JSON.stringify(value)} as const;\n`;
  return [
    '/**\n * Generated by scripts/codegen-limits.ts from openapi/generated/openapi.yaml. Do not edit:\n' +
      ' * change the contract and run `npm run codegen`.\n */\n',
    constant(
      'AUTH_LIMITS',
      'Lengths of the auth forms (AuthPersonName, AuthCompanyName, Email, AuthPassword, AuthLoginInput, AuthRegisterBusinessInput).',
      fields,
    ),
    constant('REVIEW_LIMITS', 'Lengths of ProviderReviewSubmitInput.', review),
    constant(
      'WEBSITE_REQUEST_LIMITS',
      'Lengths of WebsiteRequestInput (the contact page project request).',
      websiteRequest,
    ),
    constant('CONTACT_LIMITS', 'Lengths of WebsiteContactInput (the contact form).', contact),
    constant(
      'UPLOAD_TYPES',
      'MIME types of the multipart uploads: updateProfile `image`, addFreelancerProject `images` and `files`, uploadAttachment `file`, submitProposal `attachments`.',
      mime,
    ),
    constant(
      'UPLOAD_LIMITS',
      'Files and bytes per request (`x-upload`) of updateProfile, addFreelancerProject, uploadAttachment, submitWebsiteRequest and submitProposal.',
      uploads,
    ),
  ].join('\n');
}

export function writeLimits(cwd: string): void {
  const document = parse(readFileSync(join(cwd, 'openapi/generated/openapi.yaml'), 'utf8')) as Node;
  writeFileSync(join(cwd, LIMITS_FILE), limitsSource(document));
}
