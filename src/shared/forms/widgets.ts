/**
 * Widget names a `ui.json` may use. RJSF's own names, plus the widgets the web app registers
 * itself: a name outside this list would make RJSF throw when the form renders, so the forms
 * check refuses it. Registering a new custom widget in the web app means adding it here.
 */
export const RJSF_WIDGETS = [
  'alt-date',
  'alt-datetime',
  'checkbox',
  'checkboxes',
  'color',
  'data-url',
  'date',
  'date-time',
  'datetime',
  'email',
  'file',
  'files',
  'hidden',
  'hostname',
  'password',
  'radio',
  'range',
  'select',
  'text',
  'textarea',
  'time',
  'updown',
  'uri',
] as const;

export const CUSTOM_WIDGETS = [
  /** Searches the tool catalogue (`/service/search/tools/{q}`) and stores tool ids. */
  'ToolPicker',
  /** Uploads files and stores the ids of the uploads. */
  'AttachmentUpload',
  /** A select or checkboxes filled from the catalogue list the field's `x-options` names. */
  'CatalogueOptionsWidget',
  /** A state or region of the country answered beside it, by name, from the catalogue. */
  'StateWidget',
  /** An IANA time zone chosen by place, grouped by region and searchable; the browser's own when empty. */
  'TimeZoneWidget',
] as const;

export const KNOWN_WIDGETS: ReadonlySet<string> = new Set([...RJSF_WIDGETS, ...CUSTOM_WIDGETS]);
