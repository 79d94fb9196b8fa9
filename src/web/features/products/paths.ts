import { PATHS } from '@/lib/paths';

export const NETSUITE_PATH = PATHS.netsuite;
export const NETSUITE_HIRE_PATH = '/products/netsuite/hire/';
export const REACT_PATH = PATHS.react;
/** The form on the React page, for the links that jump to it. */
export const REACT_FORM_ID = 'react-hire-form';
