import { createFileRoute } from '@tanstack/react-router';
import { NetSuiteHirePage } from '@/features/products/NetSuiteHirePage';
import { loadProductForm } from '@/features/products/productForms';

export const Route = createFileRoute('/products/netsuite/hire')({
  loader: () => loadProductForm('createNetsuiteProductRequest'),
  component: NetSuiteHireRoute,
});

function NetSuiteHireRoute() {
  return <NetSuiteHirePage form={Route.useLoaderData()} />;
}
