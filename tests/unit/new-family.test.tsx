import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { handlersFor } from '../../mocks/scenarios';
import { familiesFromFiles, serviceFamiliesHandler, type FamilyFile } from '../../mocks/scenarios/families';
import { formSchemas } from '../../scripts/vite-form-validators';
import { readFormIndex } from '../../src/shared/forms/check';
import { submissionOf } from '../../src/shared/forms/submission';
import { AboutPage } from '@/features/content/AboutPage';
import { ServiceFilter } from '@/features/directory/DirectoryFilters';
import { JobFilters } from '@/features/jobs/JobFilters';
import { ServicesPage } from '@/features/content/ServicesPage';
import { catalogueHandlers } from '@/testing/requestFixtures';
import { HomePage } from '@/features/home/HomePage';
import { RequestChooser } from '@/features/requests/RequestChooser';
import { draftKey, familyForm, requestFamilies } from '@/forms/requestForms';
import { RequestWizard } from '@/features/requests/RequestWizard';
import { ReviewAnswers } from '@/forms/wizard/ReviewAnswers';
import { formLayout, type FormFileSet, type LoadedForm } from '@/forms/formFiles';
import type { FormEntry, JsonObject } from '@/forms/types';
import { formValidator } from '@/forms/validator';
import { renderWithRouter } from '@/testing/renderWithRouter';
import {
  catalogueDataWithNewFamily,
  formsWithNewFamily,
  NEW_FAMILY,
  newFamilyDataFile,
  newFamilyExamples,
  readFormFile,
} from '../fixtures/new-family/addFamily';

/*
 * The web app bundles forms/ when it is built, so a test cannot hand it another folder. What it
 * can do is give the functions that turn forms/index.json and a form's files into the chooser,
 * the wizard and the answers view the files of a copy of forms/ with a new family added
 * (tests/fixtures/new-family), and render what they make with the app's own components.
 */
const copy = formsWithNewFamily();
/** And a copy of the server's catalogue data files with the family's file added. */
const dataCopy = catalogueDataWithNewFamily();
afterAll(() => {
  copy.remove();
  dataCopy.remove();
});

const entries: FormEntry[] = readFormIndex(copy.formsDir);
const entry = entries.find((candidate) => candidate.id === NEW_FAMILY.formId)!;

/** A form's files as the web app reads them from forms/: its schema, its UI schema, the shared definitions. */
function filesOf(formPath: string): FormFileSet {
  const defsDir = path.join(copy.formsDir, '_defs');
  return {
    schema: readFormFile<JsonObject>(copy.formsDir, `${formPath}/schema.json`),
    ui: readFormFile<JsonObject>(copy.formsDir, `${formPath}/ui.json`),
    defs: Object.fromEntries(
      readdirSync(defsDir).map((name) => [name, readFormFile<JsonObject>(copy.formsDir, `_defs/${name}`)]),
    ),
  };
}

const layout = formLayout(entry, filesOf(entry.path));
/** The build compiles these schemas ahead of time; here the same options compile them at run time. */
const form: LoadedForm = {
  ...layout,
  validators: { form: formValidator, steps: layout.stepSchemas.map(() => formValidator) },
};
const example = newFamilyExamples(copy.formsDir).find((candidate) => candidate.valid)!.data;
/** The answers as the server stores them: the request title travels beside them. */
const storedAnswers = submissionOf(entry.envelopeFields, example).answers as JsonObject;

const STEP_TITLES = ['What to test', 'About your business', 'Budget and timeline'];

beforeEach(() => {
  server.use(...handlersFor('visitor'));
  // Added last, so they answer first: labels the example's catalogue answers have.
  server.use(...catalogueHandlers());
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('a new service family added to the form files', () => {
  it('is offered in the request chooser, its one form opening straight from the family link', async () => {
    const families = requestFamilies(entries);
    const family = families.find((candidate) => candidate.slug === NEW_FAMILY.slug);
    expect(family).toMatchObject({ name: NEW_FAMILY.name, forms: [entry] });
    expect(familyForm(family!)).toBe(entry);
    // The app as built offers the repository's forms only: the family comes from the copy's files.
    expect(requestFamilies().some((candidate) => candidate.slug === NEW_FAMILY.slug)).toBe(false);

    renderWithRouter(<RequestChooser entries={entries} />);
    const link = await screen.findByRole('link', { name: NEW_FAMILY.name });
    expect(link.getAttribute('href')).toBe(`/request/new/${NEW_FAMILY.slug}/`);
  });

  it('makes the wizard’s steps from its files, the same schemas the build compiles validators for', () => {
    expect(layout.schema.title).toBe('Cybersecurity');
    expect(layout.steps.map((step) => step.title)).toEqual(STEP_TITLES);
    expect(layout.stepSchemas.map((schema) => Object.keys(schema.properties as JsonObject))).toEqual([
      ['title', 'assessmentType', 'inScope', 'complianceFramework', 'description'],
      ['industry'],
      ['budget', 'projectDuration', 'hiringDecision'],
    ]);
    // Catalogue fields get the catalogue widget, the form's own choices keep their widgets.
    expect(layout.uiSchema.industry).toMatchObject({ 'ui:widget': 'CatalogueOptionsWidget' });
    expect(layout.uiSchema.assessmentType).toMatchObject({ 'ui:widget': 'radio' });
    expect(formSchemas(copy.formsDir, entry.path)).toEqual([layout.schema, ...layout.stepSchemas]);
  });

  it('renders in the request wizard with its steps and fields, checking each step against its schema', async () => {
    renderWithRouter(<RequestWizard form={form} />, { path: `/request/new/${NEW_FAMILY.slug}/` });
    await screen.findByRole('heading', { level: 1, name: 'Cybersecurity' });
    const progress = screen.getByRole('list', { name: 'Steps' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...STEP_TITLES, 'Review and submit'].map((title, index) => `${index + 1}${title}`));

    const kinds = screen.getByRole('radiogroup', { name: /What do you need/ });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((radio) => radio.nextElementSibling?.textContent),
    ).toEqual([
      'Penetration test',
      'Security review of code or architecture',
      'Getting ready for a compliance audit',
      'Help with a security incident',
    ]);
    expect(within(screen.getByRole('group', { name: /What is in scope/ })).getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.getByLabelText(/Request title/)).toBeTruthy();
    expect(screen.getByLabelText(/Describe the project/)).toBeTruthy();
    // Later steps' fields wait for their step.
    expect(screen.queryByLabelText(/Industry/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.getElementById('wizard-step-title')?.textContent).toContain(STEP_TITLES[0]!);
    expect(screen.getByLabelText(/Request title/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This answer is required.').length).toBeGreaterThan(0);
  });

  it('moves on from a step its example answers fill', async () => {
    localStorage.setItem(draftKey(entry), JSON.stringify({ answers: example, step: 0 }));
    renderWithRouter(<RequestWizard form={form} />, { path: `/request/new/${NEW_FAMILY.slug}/` });
    await screen.findByText('We kept your answers from last time.');
    expect((screen.getByLabelText(/Request title/) as HTMLInputElement).value).toBe(example.title);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.getElementById('wizard-step-title')?.textContent).toContain(STEP_TITLES[1]!));
    const industry = screen.getByLabelText(/Industry/);
    await within(industry).findByRole('option', { name: 'Logistics and transportation' });
    expect((industry as HTMLSelectElement).value).toBe('logistics-and-transportation');
  });

  it('shows stored answers step by step with the choices’ titles and catalogue labels, as the answers view does', async () => {
    // AnswersView renders exactly this once it has loaded the request's form.
    renderWithRouter(
      <ReviewAnswers
        schema={form.schema}
        validator={form.validators.form}
        steps={form.steps}
        answers={storedAnswers}
        omitUnanswered
        idPrefix="answers"
      />,
    );
    await screen.findByText('Logistics and transportation');
    await screen.findByText('Within the next two weeks');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(STEP_TITLES);
    const rows = (stepTitle: string) =>
      within(screen.getByRole('region', { name: stepTitle }))
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows(STEP_TITLES[0]!)).toEqual([
      'What do you need?: Penetration test',
      'What is in scope?: Web application, API',
      'Which standard are you preparing for?: SOC 2',
      `Describe the project: ${String(example.description)}`,
    ]);
    expect(rows(STEP_TITLES[1]!)).toEqual(['Industry: Logistics and transportation']);
    expect(rows(STEP_TITLES[2]!)).toEqual([
      'Budget: $8,000 – $15,000',
      'How long will the work take?: 1 to 3 months',
      'When will you hire?: Within the next two weeks',
    ]);
    expect(screen.queryByText('Not answered')).toBeNull();
  });
});

/*
 * The home, services and about pages list the families the catalogue call answers, which the
 * server makes from its data files: here the call answers from the copy of those files with the
 * family's file in it, as a server started on the copy would.
 */
describe('a new service family added to the catalogue data files', () => {
  const familiesDir = path.join(dataCopy.dataDir, 'families');
  const families = familiesFromFiles(
    readdirSync(familiesDir).map(
      (name) => JSON.parse(readFileSync(path.join(familiesDir, name), 'utf8')) as FamilyFile,
    ),
  );
  const file = newFamilyDataFile<Required<FamilyFile>>();

  beforeEach(() => {
    server.use(serviceFamiliesHandler(families));
  });

  it('is on the home page with its name, its description and the default icon', async () => {
    renderWithRouter(<HomePage />);
    const link = await screen.findByRole('link', { name: NEW_FAMILY.name });
    expect(link.getAttribute('href')).toBe(`/request/new/${NEW_FAMILY.slug}/`);
    const card = link.closest('li')!;
    expect(within(card).getByText(file.description)).toBeTruthy();
    // `padlock` is not an icon the web app draws.
    expect(file.icon).toBe('padlock');
    expect(card.querySelector('svg[data-icon]')?.getAttribute('data-icon')).toBe('default');
    // After the six families, as its position says.
    const grid = within(link.closest('ul')!);
    expect(grid.getAllByRole('listitem')).toHaveLength(7);
    expect(grid.getAllByRole('link').at(-1)).toBe(link);
    // The others keep their own icons.
    const mobile = screen.getByRole('link', { name: 'Mobile App' }).closest('li')!;
    expect(mobile.querySelector('svg[data-icon]')?.getAttribute('data-icon')).toBe('mobile');
    // The trust section counts it too.
    const familiesFact = screen.getByText('service families, from web design to AI').closest('div')!;
    expect(within(familiesFact).getByText('7')).toBeTruthy();
  });

  it('has its own section on the services page, with its texts and the default icon', async () => {
    renderWithRouter(<ServicesPage />, { path: '/services/' });
    const heading = await screen.findByRole('heading', { level: 2, name: NEW_FAMILY.name });
    const section = document.getElementById(NEW_FAMILY.slug)!;
    expect(section.contains(heading)).toBe(true);
    const scope = within(section);
    expect(scope.getByText(file.description)).toBeTruthy();
    expect(scope.getByText(file.servicesPage!.overview)).toBeTruthy();
    for (const project of file.servicesPage!.typicalProjects) expect(scope.getByText(project)).toBeTruthy();
    expect(section.querySelector('svg[data-icon]')?.getAttribute('data-icon')).toBe('default');
    expect(scope.getByRole('link', { name: `Post a request for ${NEW_FAMILY.name}` }).getAttribute('href')).toBe(
      `/request/new/${NEW_FAMILY.slug}/`,
    );
    const jump = within(screen.getByRole('navigation', { name: 'Service families' }));
    expect(jump.getByRole('link', { name: NEW_FAMILY.name }).getAttribute('href')).toBe(
      `/services/#${NEW_FAMILY.slug}`,
    );
  });

  it('is in the request chooser with the catalogue’s name and description, its form from the form files', async () => {
    renderWithRouter(<RequestChooser entries={entries} />);
    const link = await screen.findByRole('link', { name: NEW_FAMILY.name });
    expect(link.getAttribute('href')).toBe(`/request/new/${NEW_FAMILY.slug}/`);
    // The description is the data file's: the form files have none.
    expect(within(link.closest('li')!).getByText(file.description)).toBeTruthy();
    // Renamed in the data file, renamed in the chooser.
    server.use(
      serviceFamiliesHandler(
        families.map((family) => (family.slug === NEW_FAMILY.slug ? { ...family, name: 'Security testing' } : family)),
      ),
    );
    renderWithRouter(<RequestChooser entries={entries} />);
    expect((await screen.findByRole('link', { name: 'Security testing' })).getAttribute('href')).toBe(
      `/request/new/${NEW_FAMILY.slug}/`,
    );
  });

  it('is a service of the directories’ filters while their services list is not there', async () => {
    server.use(
      http.get('/api/account/business/services/all/', () =>
        HttpResponse.json({ status: 'error', message: 'Unavailable.', code: 'unavailable' }, { status: 503 }),
      ),
    );
    const chosen: (string | undefined)[] = [];
    renderWithRouter(
      <ServiceFilter value={undefined} onFamily={(family) => chosen.push(family)} onSubFamily={() => undefined} />,
    );
    const service = await screen.findByRole('group', { name: 'Service' });
    const option = await within(service).findByRole('radio', { name: NEW_FAMILY.name });
    // After the six, as its position says.
    expect(within(service).getAllByRole('radio').at(-1)).toBe(option);
    await userEvent.click(option);
    expect(chosen).toEqual([NEW_FAMILY.slug]);
  });

  it('is a family of the job board’s filters before the first search answers', async () => {
    renderWithRouter(
      <JobFilters
        search={{}}
        family={undefined}
        facets={undefined}
        onChange={() => undefined}
        onFamily={() => undefined}
        onClear={() => undefined}
        activeCount={0}
      />,
    );
    const service = await screen.findByRole('group', { name: 'Service' });
    expect(await within(service).findByRole('radio', { name: NEW_FAMILY.name })).toBeTruthy();
  });

  it('is among the about page’s service families', async () => {
    renderWithRouter(<AboutPage />, { path: '/about-us/' });
    const link = await screen.findByRole('link', { name: NEW_FAMILY.name });
    expect(link.getAttribute('href')).toBe(`/services/#${NEW_FAMILY.slug}`);
  });
});
