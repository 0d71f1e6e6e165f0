/**
 * The one form mechanism (decision 023): a form's one zod schema gives the same errors in the
 * island (schemaErrors, before sending), on a page's own no-JavaScript POST (handlePageForm) and
 * from the JSON endpoint (parseWith → toErrorResponse), all in the one error shape; refusals thrown
 * by the action keep their status, message and headers; secrets are never drawn back.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handlePageForm, type FormState } from '../../src/lib/http/page-form.server.ts';
import { parseWith, toErrorResponse, DATA_EXCEPTION_MESSAGE } from '../../src/lib/http/api.server.ts';
import { CHECK_FIELDS_MESSAGE, HttpError, formSummary, invalid } from '../../src/lib/http/errors.ts';
import { lazySchema, schemaErrors } from '../../src/components/form/use-form-submission.ts';
import { loginSchema } from '../../src/features/auth/auth.schema.ts';
import { passwordChangeSchema, profileSchema } from '../../src/features/profile/profile.schema.ts';
import { storeSetupSchema } from '../../src/features/vendor-onboarding/vendor-onboarding.schema.ts';

function post(fields: Record<string, string>): Request {
  return new Request('http://localhost/page', { method: 'POST', body: new URLSearchParams({ _token: 'masked-csrf', ...fields }) });
}

function page(fields: Record<string, string>) {
  return { request: post(fields), response: { status: 200, headers: new Headers() }, locals: {} as App.Locals };
}

const redirect = () => new Response(null, { status: 303, headers: { location: '/next' } });

async function apiErrors(schema: z.ZodType, input: unknown) {
  try {
    parseWith(schema, input);
  } catch (e) {
    return { status: toErrorResponse(e).status, body: await toErrorResponse(e).json() };
  }
  return null;
}

describe('one schema, the same errors in the island, on the page and from the API', () => {
  const cases: [string, z.ZodType, Record<string, string>][] = [
    ['sign-in', loginSchema, { email: 'not-an-email', password: '' }],
    ['profile', profileSchema, { name: ' ', email: 'x@', phone: '12345' }],
    ['password', passwordChangeSchema, { current_password: '', password: 'short', password_confirmation: 'other' }],
    [
      'store setup',
      storeSetupSchema,
      { store_name: '', gstin: '27AAAPN1234C1Z', pan: 'AAAPN1234C', phone: '12345', address_line: 'x', city_id: '3', pincode: '012345', state: 'Atlantis' },
    ],
  ];

  it.each(cases)('%s', async (_name, schema, input) => {
    const island = schemaErrors(schema, input);
    expect(Object.keys(island).length).toBeGreaterThan(0);

    const context = page(input);
    const state = (await handlePageForm(context, schema, async () => redirect())) as FormState;
    expect(context.response.status).toBe(422);
    expect(state.errors).toEqual(island);
    expect(state.message).toBe(CHECK_FIELDS_MESSAGE);

    const api = await apiErrors(schema, input);
    expect(api?.status).toBe(422);
    expect(api?.body.errors).toEqual(island);
  });

  it('passes what the schema accepts to the action and returns its answer', async () => {
    let received: unknown;
    const answer = await handlePageForm(page({ email: ' Asha@Example.com ', password: 'pw' }), loginSchema, async (input) => {
      received = input;
      return redirect();
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    // The CSRF field never reaches the schema (a strict one would refuse it).
    expect(received).toEqual({ email: 'Asha@Example.com', password: 'pw' });
  });

  it('says done when the action answers nothing (the page stays and says what it did)', async () => {
    const state = await handlePageForm(page({ email: 'a@example.com', password: 'pw' }), loginSchema, async () => undefined);
    expect(state).toEqual({ values: { email: 'a@example.com', password: 'pw' }, errors: {}, done: true });
  });
});

describe('refusals from the action', () => {
  it('keep their status, message and headers, and secrets are not drawn back', async () => {
    const context = page({ email: 'a@example.com', password: 'Secret-123' });
    const state = await handlePageForm(
      context,
      loginSchema,
      async () => {
        throw new HttpError(429, 'Too many attempts. Try again in 30 seconds.', undefined, { 'retry-after': '30' });
      },
      { secretFields: ['password'] },
    );
    expect(context.response.status).toBe(429);
    expect(context.response.headers.get('retry-after')).toBe('30');
    expect(state).toEqual({ values: { email: 'a@example.com' }, message: 'Too many attempts. Try again in 30 seconds.', errors: {} });
  });

  it('an error on a field the form does not show is said above it, in full', async () => {
    const finish = z.strictObject({});
    const state = (await handlePageForm(page({}), finish, async () => {
      throw invalid({ store: ['Finish the store setup first.'] });
    })) as FormState;
    expect(state.message).toBe('Finish the store setup first.');
    expect(state.errors).toEqual({ store: ['Finish the store setup first.'] });
  });

  it('the database refusing a value is a 422 in the one shape, as from the API', async () => {
    const context = page({ email: 'a@example.com', password: 'pw' });
    const dataException = Object.assign(new Error('value out of range'), { code: '22003' });
    const state = (await handlePageForm(context, loginSchema, async () => {
      throw dataException;
    })) as FormState;
    expect(context.response.status).toBe(422);
    expect(state.message).toBe(DATA_EXCEPTION_MESSAGE);
    expect(toErrorResponse(dataException).status).toBe(422);
  });

  it('a bug is not dressed up as a refusal: it goes on to the error page', async () => {
    await expect(
      handlePageForm(page({ email: 'a@example.com', password: 'pw' }), loginSchema, async () => {
        throw new TypeError('a bug');
      }),
    ).rejects.toThrow('a bug');
  });
});

describe('formSummary', () => {
  it('points at the fields when they carry the errors, else says the message', () => {
    expect(formSummary({ message: 'Enter your email.', errors: { email: ['Enter your email.'] } })).toBe(CHECK_FIELDS_MESSAGE);
    expect(formSummary({ message: 'These credentials do not match our records.' })).toBe('These credentials do not match our records.');
    const shown = new Set(['phone', 'grid']);
    expect(formSummary({ message: 'x', errors: { 'grid.values.1': ['Enter a number.'] } }, shown)).toBe(CHECK_FIELDS_MESSAGE);
    expect(formSummary({ message: 'x', errors: { store: ['Finish the store setup first.'], phone: ['Verify your mobile number first.'] } }, shown)).toBe(
      `Finish the store setup first. ${CHECK_FIELDS_MESSAGE}`,
    );
  });
});

describe('lazySchema', () => {
  it('loads once, and again after a failed download', async () => {
    let calls = 0;
    const load = lazySchema(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return loginSchema;
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe(loginSchema);
    expect(await load()).toBe(loginSchema);
    expect(calls).toBe(2);
  });
});

describe('a page only opened (GET)', () => {
  it('starts from the saved values, nulls as empty text, and runs nothing', async () => {
    const opened = { request: new Request('http://localhost/page'), response: { status: 200, headers: new Headers() }, locals: {} as App.Locals };
    const state = await handlePageForm(opened, profileSchema, async () => expect.unreachable('a GET saves nothing'), {
      initial: { name: 'Asha', phone: null },
    });
    expect(state).toEqual({ values: { name: 'Asha', phone: '' }, errors: {} });
    expect(opened.response.status).toBe(200);
  });
});
