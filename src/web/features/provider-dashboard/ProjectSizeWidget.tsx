import type { WidgetProps } from '@rjsf/utils';
import type { QueryClient } from '@tanstack/react-query';
import { getListProjectSizesQueryOptions, useListProjectSizes } from '@/api/generated/freelancer/freelancer';
import { OptionGroup } from '@/forms/OptionControls';
import { LOADER_READ } from '@/lib/loaderRead';

/**
 * The project-size list: kept for the session, read once, and not again when the form mounts
 * after its route's loader asked (a failed call leaves the form's own titles).
 */
const PROJECT_SIZES_READ = { query: { ...LOADER_READ.query, staleTime: Infinity } } as const;

/** The project form routes' loader: the sizes, as the widget asks for them. */
export const prefetchProjectSizes = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(getListProjectSizesQueryOptions(PROJECT_SIZES_READ));

/**
 * A project's size as radios worded by the project-size list (F02: "Medium ($5,000 to $25,000)"),
 * offering only the sizes the form accepts; the form's own titles while the list loads or if it
 * fails.
 */
export function ProjectSizeWidget(props: WidgetProps) {
  const { value, onChange, options, disabled, readonly } = props;
  const sizes = useListProjectSizes(PROJECT_SIZES_READ);
  const accepted = (options.enumOptions ?? []).map((option) => ({
    key: String(option.value),
    label: String(option.label),
  }));
  const labels = new Map<string, string>((sizes.data?.data ?? []).map((size) => [size.slug, size.label]));
  const choices = accepted.map((option) => ({ key: option.key, label: labels.get(option.key) ?? option.label }));
  return (
    <OptionGroup
      {...props}
      kind="radio"
      options={choices}
      disabled={disabled || readonly}
      isChecked={(key) => value === key}
      onToggle={(key) => onChange(key)}
    />
  );
}
