import { createFileRoute } from '@tanstack/react-router';
import { FormGallery } from '@/features/gallery/FormGallery';
import { formGalleryEnabled } from '@/features/gallery/galleryFlag';
import { pageNotFound } from '@/lib/httpErrors';

interface GallerySearch {
  form?: string;
  example?: string;
}

function gallerySearch(search: Record<string, unknown>): GallerySearch {
  const out: GallerySearch = {};
  if (typeof search.form === 'string' && search.form) out.form = search.form;
  if (typeof search.example === 'string' && search.example) out.example = search.example;
  return out;
}

/** The form gallery for product staff: development, or a build made with VITE_FORM_GALLERY=1. */
export const Route = createFileRoute('/dev/forms')({
  validateSearch: gallerySearch,
  beforeLoad: () => {
    if (!formGalleryEnabled(import.meta.env)) throw pageNotFound();
  },
  component: FormGalleryRoute,
});

function FormGalleryRoute() {
  const { form, example } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FormGallery
      formId={form}
      example={example}
      onExample={(name) => void navigate({ search: (previous) => ({ ...previous, example: name }), replace: true })}
    />
  );
}
