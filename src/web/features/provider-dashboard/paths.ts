/** The freelancer's own service pages (routes.tsv: /dashboard/services/{sid}/projects/...). */
export const SERVICES_HOME = '/dashboard/services/';

export const projectsPath = (serviceSlug: string) => `/dashboard/services/${serviceSlug}/projects/`;
export const projectPath = (serviceSlug: string, projectId: string) =>
  `${projectsPath(serviceSlug)}${projectId}/details/`;
export const editProjectPath = (serviceSlug: string, projectId: string) =>
  `${projectsPath(serviceSlug)}${projectId}/edit/`;
