import { createFileRoute } from '@tanstack/react-router';
import { loadProductForm } from '@/features/products/productForms';
import { ReactHirePage } from '@/features/products/ReactHirePage';

export const Route = createFileRoute('/products/react')({
  loader: () => loadProductForm('createReactHireRequest'),
  component: ReactHireRoute,
});

function ReactHireRoute() {
  return <ReactHirePage form={Route.useLoaderData()} />;
}
