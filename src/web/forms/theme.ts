import { withTheme, type ThemeProps } from '@rjsf/core';
import { AttachmentUploadWidget } from './AttachmentUploadWidget';
import { CatalogueOptionsWidget } from './CatalogueOptionsWidget';
import {
  ArrayFieldTemplate,
  BaseInputTemplate,
  ErrorListTemplate,
  FieldTemplate,
  NoTitle,
  ObjectFieldTemplate,
} from './templates';
import { StateWidget } from './StateWidget';
import { TimeZoneWidget } from './TimeZoneWidget';
import { ToolPickerWidget } from './ToolPickerWidget';
import { CheckboxesWidget, CheckboxWidget, RadioWidget, SelectWidget, TextareaWidget } from './widgets';

/** Our RJSF theme: the field look of the auth and settings forms, and the catalogue widgets. */
const theme: ThemeProps = {
  templates: {
    FieldTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ErrorListTemplate,
    BaseInputTemplate,
    TitleFieldTemplate: NoTitle,
    DescriptionFieldTemplate: NoTitle,
  },
  widgets: {
    TextareaWidget,
    SelectWidget,
    RadioWidget,
    CheckboxWidget,
    CheckboxesWidget,
    CatalogueOptionsWidget,
    // The names the form files use in `ui:widget`.
    ToolPicker: ToolPickerWidget,
    AttachmentUpload: AttachmentUploadWidget,
    StateWidget,
    TimeZoneWidget,
  },
};

export const ThemedForm = withTheme(theme);
