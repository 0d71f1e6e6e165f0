/**
 * The island of every area form page (and Global Settings): the form kit's AreaForm, given the
 * way to load a form's zod schema by key. The schemas are the app's list of forms
 * (src/app/areas/areas.ts), imported lazily on the first interaction, as the kit asks; the areas'
 * own inputs come from the app's registry, each loaded only by a form that has one.
 */
import AreaForm, { type AreaFormProps } from '@/components/form/AreaForm.tsx';
import { FIELD_COMPONENTS } from '@/app/areas/field-components.ts';

let forms: Promise<typeof import('@/app/areas/areas.ts')> | undefined;
const loadSchema = async (key: string) => {
  forms ??= import('@/app/areas/areas.ts');
  try {
    return (await forms).formSchema(key);
  } catch (error) {
    forms = undefined; // a failed download is tried again at the next attempt
    throw error;
  }
};

export default function AreaFormIsland(props: Omit<AreaFormProps, 'loadSchema' | 'fieldComponents'>) {
  return <AreaForm {...props} loadSchema={loadSchema} fieldComponents={FIELD_COMPONENTS} />;
}
