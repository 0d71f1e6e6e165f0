/**
 * The island of every area form page (and Global Settings): the form kit's AreaForm, given the
 * way to load a form's zod schema by key. The schemas are the app's list of forms
 * (src/app/areas/areas.ts), imported lazily on the first interaction, as the kit asks.
 */
import AreaForm, { type AreaFormProps } from '../form/AreaForm.tsx';

let forms: Promise<typeof import('../../app/areas/areas.ts')> | undefined;
const loadSchema = async (key: string) => {
  forms ??= import('../../app/areas/areas.ts');
  try {
    return (await forms).formSchema(key);
  } catch (error) {
    forms = undefined; // a failed download is tried again at the next attempt
    throw error;
  }
};

export default function AreaFormIsland(props: Omit<AreaFormProps, 'loadSchema'>) {
  return <AreaForm {...props} loadSchema={loadSchema} />;
}
