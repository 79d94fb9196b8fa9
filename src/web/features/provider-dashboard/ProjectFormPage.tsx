import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import {
  addFreelancerProject,
  getGetFreelancerProjectQueryKey,
  updateFreelancerProject,
  useGetFreelancerProject,
} from '@/api/generated/freelancer/freelancer';
import type {
  FreelancerProject,
  FreelancerProjectClearableField,
  FreelancerProjectCreateInput,
  FreelancerProjectUpdateInput,
} from '@/api/generated/model';
import type { JsonObject } from '@/forms/types';
import { useAuth } from '@/lib/auth';
import { PRODUCT_NAME } from '@/ui/Logo';
import { notify } from '@/ui/toast';
import { ProfileSectionForm, type SaveFailure } from '@/forms/profile/ProfileSectionForm';
import { refreshProfileQueries } from '@/lib/profileQueries';
import { LoadProblem } from './LoadProblem';
import { attachmentProblems, FilesPicker, ImagesPicker } from './ProjectFilePickers';
import { ProjectSizeWidget } from './ProjectSizeWidget';
import { projectsLink } from './paths';
import { serviceName } from './serviceName';
import './provider-dashboard.css';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

const FORM_ID = 'profile/freelancer-project';

/** The page fixes the service; the size is worded by the project-size list. */
const UI_OVERRIDES = {
  serviceSlug: { 'ui:widget': 'hidden' },
  projectSize: { 'ui:widget': ProjectSizeWidget },
};

/** Fields the edit call empties through `clearFields` when they are left blank. */
const CLEARABLE: FreelancerProjectClearableField[] = ['role', 'url', 'completedOn', 'tools'];

/** A saved project as the form's answers. */
export function projectAnswers(project: FreelancerProject): JsonObject {
  return {
    serviceSlug: project.service.slug,
    title: project.title,
    description: project.description,
    projectSize: project.projectSize.slug,
    role: project.role,
    url: project.url,
    tools: project.tools.map((tool) => tool.id),
    startedOn: project.startedOn,
    completedOn: project.completedOn,
  } as unknown as JsonObject;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Refused before sending, worded as the server would: the pickers show it beside them. */
function refuse(problems: { field: string; message: string }[]): never {
  throw new ApiError(400, {
    status: 'error',
    message: 'Check the images and documents of the project.',
    code: 'validation_failed',
    errors: problems,
  });
}

function fileErrors(failure: SaveFailure | null) {
  const of = (name: string) =>
    failure?.fields
      .filter((error) => error.field === name || error.field.startsWith(`${name}.`))
      .map((error) => error.message)
      .join(' ') || undefined;
  return { images: of('images'), files: of('files') };
}

interface ProjectFormProps {
  serviceSlug: string;
  /** The project being edited; none when adding. */
  project?: FreelancerProject;
}

function ProjectForm({ serviceSlug, project }: ProjectFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [images, setImages] = useState<File[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const errors = fileErrors(failure);
  const toggle = (id: string) =>
    setRemoved((ids) => (ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id]));

  const save = async (answers: JsonObject) => {
    const keptImages = (project?.images ?? []).filter((image) => !removed.includes(image.id)).length;
    const keptFiles = (project?.files ?? []).filter((file) => !removed.includes(file.id)).length;
    const problems = attachmentProblems(keptImages, images, files, keptFiles);
    if (problems.length) refuse(problems);
    const fields = Object.fromEntries(Object.entries(answers).filter(([, value]) => !isBlank(value)));
    if (!project) {
      return addFreelancerProject({ ...fields, images, files } as unknown as FreelancerProjectCreateInput);
    }
    const original = projectAnswers(project);
    const clearFields = CLEARABLE.filter((name) => isBlank(answers[name]) && !isBlank(original[name]));
    const body: FreelancerProjectUpdateInput = {
      ...(fields as Partial<FreelancerProjectUpdateInput>),
      ...(clearFields.length ? { clearFields } : {}),
      ...(removed.length ? { removeAttachmentIds: removed } : {}),
      ...(images.length ? { images } : {}),
      ...(files.length ? { files } : {}),
    };
    return updateFreelancerProject(project.id, body);
  };

  const saved = (result: unknown) => {
    const response = result as { message?: string; data: FreelancerProject };
    notify.info(response.message || (project ? 'Project updated.' : 'Project added.'));
    void refreshProfileQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
    void queryClient.invalidateQueries({
      predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith('/account/freelancer/'),
    });
    queryClient.removeQueries({ queryKey: getGetFreelancerProjectQueryKey(response.data.id) });
    void navigate({
      to: '/dashboard/services/$sid/projects/$pid/details/',
      params: { sid: response.data.service.slug, pid: response.data.id },
    });
  };

  return (
    <ProfileSectionForm
      formId={FORM_ID}
      idPrefix={project ? 'project-edit' : 'project-add'}
      initialAnswers={project ? projectAnswers(project) : { serviceSlug }}
      uiOverrides={UI_OVERRIDES}
      onSave={save}
      onSaved={saved}
      onFailure={setFailure}
      submitLabel={project ? 'Save changes' : 'Add project'}
      secondaryAction={
        project ? (
          <Link
            to="/dashboard/services/$sid/projects/$pid/details/"
            params={{ sid: serviceSlug, pid: project.id }}
            className="button button--secondary"
          >
            Cancel
          </Link>
        ) : (
          <Link
            to="/dashboard/services/$sid/projects/"
            params={{ sid: serviceSlug }}
            className="button button--secondary"
          >
            Cancel
          </Link>
        )
      }
    >
      <ImagesPicker
        existing={project?.images}
        removedIds={removed}
        onToggleExisting={toggle}
        added={images}
        onAdd={(chosen) => setImages((current) => [...current, ...chosen])}
        onRemoveAdded={(index) => setImages((current) => current.filter((_, at) => at !== index))}
        error={errors.images}
      />
      <FilesPicker
        existing={project?.files}
        removedIds={removed}
        onToggleExisting={toggle}
        added={files}
        onAdd={(chosen) => setFiles((current) => [...current, ...chosen])}
        onRemoveAdded={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
        error={errors.files}
      />
    </ProfileSectionForm>
  );
}

function Frame({ title, serviceSlug, children }: { title: string; serviceSlug: string; children: React.ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="container project-page">
      <DocumentTitle>{`${title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/dashboard/services/">Your services</Link>
          </li>
          <li>
            <Link to="/dashboard/services/$sid/projects/" params={{ sid: serviceSlug }}>
              {serviceName(user, serviceSlug)}
            </Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1 className="project-page__title">{title}</h1>
      {children}
    </div>
  );
}

/** `/dashboard/services/{sid}/projects/add/` (F03). */
export function AddProjectPage({ serviceSlug }: { serviceSlug: string }) {
  const { user } = useAuth();
  return (
    <Frame title="Add a project" serviceSlug={serviceSlug}>
      <p className="project-page__lead">
        A project you delivered in {serviceName(user, serviceSlug)}: what the challenge was, what you did and how it
        turned out, with images of the result.
      </p>
      <div className="profile-page__card">
        <ProjectForm serviceSlug={serviceSlug} />
      </div>
    </Frame>
  );
}

/** `/dashboard/services/{sid}/projects/{pid}/edit/` (F13 to read, F04 to save). */
export function EditProjectPage({ serviceSlug, projectId }: { serviceSlug: string; projectId: string }) {
  const project = useGetFreelancerProject(projectId, LOADER_READ);
  return (
    <Frame title="Edit project" serviceSlug={serviceSlug}>
      {project.isPending ? (
        <p className="profile-form__loading" role="status">
          Loading the project…
        </p>
      ) : project.isError ? (
        <LoadProblem
          error={project.error}
          what="project"
          back={projectsLink(serviceSlug)}
          retrying={project.isFetching}
          onRetry={() => void project.refetch()}
        />
      ) : (
        <div className="profile-page__card">
          <ProjectForm serviceSlug={serviceSlug} project={project.data.data} />
        </div>
      )}
    </Frame>
  );
}
