import {
  listBusinessSizes,
  listBusinessTypes,
  listCountries,
  listCurrencies,
  listDataAndAnalyticsOptions,
  listEstimatedBudgets,
  listFinanceTransformationOptions,
  listHiringDecisions,
  listIndustryTypes,
  listLanguages,
  listMachineLearningExperts,
  listMobileAppOptions,
  listPaymentTypes,
  listProjectDurations,
  listSoftwareDevelopmentOptions,
  listTools,
  listWebDesignAndDevelopmentOptions,
} from '../api/generated/catalogue/catalogue';
import { listBusinessServices } from '../api/generated/business/business';
import type {
  CatalogueDataAndAnalyticsList,
  CatalogueFinanceTransformationList,
  CatalogueMobileAppList,
  CatalogueSoftwareDevelopmentList,
  CatalogueWebDesignAndDevelopmentList,
} from '../api/generated/model';

export interface CatalogueOption {
  /** What the answer stores: a slug, a code, or a tool's id. */
  value: string | number;
  label: string;
}

type Slugged = { data: { slug: string; label: string }[] };
const bySlug = ({ data }: Slugged): CatalogueOption[] => data.map((o) => ({ value: o.slug, label: o.label }));

/**
 * The provider services (`GET /account/business/services/all/`): families, each followed by its
 * sub-families (`family/sub`, `parentSlug` the family). `which` keeps one kind or both; a
 * sub-family's label names its family, since the sub-families of two families may share a name.
 */
function providerServices(which: 'all' | 'families' | 'sub-families') {
  return listBusinessServices().then(({ data }) => {
    const families = new Map(data.filter((o) => !o.parentSlug).map((o) => [o.slug, o.label]));
    return data
      .filter((o) => (which === 'families' ? !o.parentSlug : which === 'sub-families' ? Boolean(o.parentSlug) : true))
      .map((o) => {
        const family = o.parentSlug ? families.get(o.parentSlug) : undefined;
        const label = o.parentSlug && which !== 'sub-families' && family ? `${family}: ${o.label}` : o.label;
        return { value: o.slug, label };
      });
  });
}

/**
 * The one table from an `x-options` name (the catalogue path between `/service/` and `/all/`)
 * to the generated call that answers it. A family's lists share one call whose `list`
 * parameter is the part after the slash; the server rejects a list it does not have.
 */
const LISTS: Record<string, () => Promise<CatalogueOption[]>> = {
  'business-type': () => listBusinessTypes().then(bySlug),
  'industry-type': () => listIndustryTypes().then(bySlug),
  'project-duration': () => listProjectDurations().then(bySlug),
  'payment-type': () => listPaymentTypes().then(bySlug),
  'hiring-decision': () => listHiringDecisions().then(bySlug),
  'business-size': () => listBusinessSizes().then(bySlug),
  'estimated-budget': () => listEstimatedBudgets().then(bySlug),
  'machine-learning-and-ai/expert': () => listMachineLearningExperts().then(bySlug),
  currency: () =>
    listCurrencies().then(({ data }) => data.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))),
  tool: () => listTools().then(({ data }) => data.map((t) => ({ value: t.id, label: t.name }))),
  country: () => listCountries().then(({ data }) => data.map((c) => ({ value: c.code, label: c.name }))),
  language: () => listLanguages().then(({ data }) => data.map((l) => ({ value: l.code, label: l.name }))),
  // Account calls rather than catalogue reads (ACCOUNT_OPTION_LISTS in src/shared/forms/catalogue-lists.ts).
  'provider-services': () => providerServices('all'),
  'service-family': () => providerServices('families'),
  'service-sub-family': () => providerServices('sub-families'),
};

const FAMILY_LISTS: Record<string, (list: string) => Promise<CatalogueOption[]>> = {
  'web-design-and-development': (list) =>
    listWebDesignAndDevelopmentOptions(list as CatalogueWebDesignAndDevelopmentList).then(bySlug),
  'mobile-app': (list) => listMobileAppOptions(list as CatalogueMobileAppList).then(bySlug),
  'data-and-analytics': (list) => listDataAndAnalyticsOptions(list as CatalogueDataAndAnalyticsList).then(bySlug),
  'software-development': (list) =>
    listSoftwareDevelopmentOptions(list as CatalogueSoftwareDevelopmentList).then(bySlug),
  'finance-transformation': (list) =>
    listFinanceTransformationOptions(list as CatalogueFinanceTransformationList).then(bySlug),
};

/** The loader of a list, or undefined when no catalogue call answers that name. */
export function catalogueListLoader(name: string): (() => Promise<CatalogueOption[]>) | undefined {
  if (Object.hasOwn(LISTS, name)) return LISTS[name];
  const [family, list, ...rest] = name.split('/');
  if (!family || !list || rest.length || !Object.hasOwn(FAMILY_LISTS, family)) return undefined;
  const load = FAMILY_LISTS[family]!;
  return () => load(list);
}
