import { useField } from 'react-final-form';

/** final-form keeps only errors of registered fields: register every top-level look field. */
const TOP_LEVEL = [
  'mainProduct',
  'active',
  'relatedItems',
  'markerColor',
  'featured',
  'media',
  'discount',
  'tags',
] as const;

function Register({ name }: { name: string }) {
  useField(name, { subscription: {} });
  return null;
}

export function RegisterFields() {
  return (
    <>
      {TOP_LEVEL.map((name) => (
        <Register key={name} name={name} />
      ))}
    </>
  );
}
