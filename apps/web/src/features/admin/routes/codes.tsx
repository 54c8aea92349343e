// Codes: generate a batch (then copy, download, print), and the list of batches.
import { useState } from 'react';
import { adminMessages } from '../../../i18n/admin';
import { BatchList } from '../components/batch-list';
import { CodeBatchForm, type CreatedBatch } from '../components/code-batch-form';
import { GeneratedCodes } from '../components/generated-codes';
import { PageHeader } from '../components/page-header';

const t = adminMessages.codes;

export function Component() {
  const [created, setCreated] = useState<CreatedBatch | null>(null);
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <section
        aria-labelledby={created ? undefined : 'generate-heading'}
        aria-label={created ? t.generate : undefined}
        className="mb-10 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6"
      >
        {created ? (
          <GeneratedCodes batch={created} onAnother={() => setCreated(null)} />
        ) : (
          <>
            <h2 id="generate-heading" className="mb-4 text-xl font-extrabold text-slate-900">
              {t.generate}
            </h2>
            <CodeBatchForm onCreated={setCreated} />
          </>
        )}
      </section>
      <BatchList />
    </>
  );
}
