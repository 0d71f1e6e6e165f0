/**
 * The form kit's Markdown input: a textarea, and a Preview that asks the server to render what
 * is typed exactly as the area will show it (POST /api/<area>/markdown-preview). The renderer
 * stays on the server (decision 011): the browser only receives its escaped, link-checked HTML.
 * Loaded lazily by AreaForm, so forms without Markdown don't carry it.
 */
import { useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { TextareaField } from '@/components/ui/fields.tsx';
import { Button } from '@/components/ui/Button.tsx';
import type { AreaField } from '@/lib/areas/area.ts';

export interface MarkdownFieldProps {
  field: AreaField;
  id: string;
  value: string;
  onChange: (value: string) => void;
  previewUrl: string;
  error?: string[];
  required?: boolean;
  disabled?: boolean;
}

export default function MarkdownField({ field, id, value, onChange, previewUrl, error, required, disabled }: MarkdownFieldProps) {
  const [preview, setPreview] = useState<{ html: string; of: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const regionId = `${id}-preview`;

  const showPreview = async () => {
    setLoading(true);
    setProblem(null);
    try {
      const { data } = await api.post<{ data: { html: string } }>(previewUrl, { text: value });
      setPreview({ html: data.html, of: value });
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.message) : (e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="md:col-span-2">
      <TextareaField
        id={id}
        name={field.name}
        label={field.label}
        hint={field.hint ?? 'Markdown: **bold**, _italic_, lists with "- ", links as [text](https://…). HTML is shown as text.'}
        error={error}
        required={required}
        disabled={disabled}
        rows={8}
        placeholder={field.placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="mt-2 flex items-center gap-2">
        <Button variant="outline" size="sm" loading={loading} disabled={disabled} aria-controls={regionId} onClick={showPreview}>
          {preview ? 'Refresh preview' : 'Preview'}
        </Button>
        {preview && (
          <Button variant="ghost" size="sm" onClick={() => setPreview(null)}>
            Hide preview
          </Button>
        )}
        {preview && preview.of !== value && <span className="text-xs text-surface-500">Changed since this preview.</span>}
      </div>
      <div id={regionId} aria-live="polite">
        {problem && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{problem}</p>}
        {preview && (
          <section aria-label={`Preview of the ${field.label.toLowerCase()}`} className="mt-2 rounded-xl border border-surface-200 p-4 dark:border-surface-700">
            {preview.html ? (
              // Rendered and checked on the server: raw HTML escaped, only http(s), mailto and relative links.
              <div className="markdown" dangerouslySetInnerHTML={{ __html: preview.html }} />
            ) : (
              <p className="text-sm text-surface-500">Nothing to preview yet.</p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
