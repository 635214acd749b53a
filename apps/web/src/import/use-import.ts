/**
 * react-query hooks of the import screen: files (polled while a run is under way), one file,
 * template types and their target fields; and the live progress of a running file — its job's
 * STOMP topic (`DESTINATIONS.job(job_id)`), the polled file as the fallback.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DESTINATIONS, JobProgressSchema, type ImportFile } from '@tko/contract';
import { useState } from 'react';
import { useLiveSubscription } from '../live/use-live';
import { fetchImportFile, fetchImportFiles, fetchImportLabels, fetchImportTemplates } from './import-api';

export const importKeys = {
  all: ['import'] as const,
  files: (page: number) => ['import', 'files', page] as const,
  file: (id: number) => ['import', 'file', id] as const,
  templates: ['import', 'templates'] as const,
  labels: (type: string) => ['import', 'labels', type] as const,
};

export const isRunning = (f: Pick<ImportFile, 'status'> | undefined) => f?.status === 'QUEUED' || f?.status === 'PROCESSING';

/** Poll period while a run is under way (the live topic is faster; this is the fallback). */
const RUNNING_POLL_MS = 2000;

export function useImportFiles(page: number) {
  return useQuery({
    queryKey: importKeys.files(page),
    queryFn: ({ signal }) => fetchImportFiles(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.results.some(isRunning) ? RUNNING_POLL_MS : false),
  });
}

export function useImportFile(id: number | null) {
  return useQuery({
    queryKey: importKeys.file(id ?? 0),
    queryFn: ({ signal }) => fetchImportFile(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (isRunning(q.state.data) ? RUNNING_POLL_MS : false),
  });
}

export function useImportTemplates() {
  return useQuery({ queryKey: importKeys.templates, queryFn: ({ signal }) => fetchImportTemplates(signal), staleTime: Infinity });
}

export function useImportLabels(type: string | null) {
  return useQuery({
    queryKey: importKeys.labels(type ?? ''),
    queryFn: ({ signal }) => fetchImportLabels(type!, signal),
    enabled: Boolean(type && type !== 'NONE'),
    staleTime: Infinity,
  });
}

/**
 * The progress (0–100) to show for `file`: the live job messages of the current run while it
 * runs (never below the polled value), 100 once done. The end of the run refreshes the file and
 * the list at once.
 */
export function useImportProgress(file: ImportFile | undefined): number {
  const qc = useQueryClient();
  const [live, setLive] = useState<{ job: string; progress: number } | null>(null);
  const job = isRunning(file) ? file!.job_id : null;
  useLiveSubscription(job ? DESTINATIONS.job(job) : null, (body) => {
    const p = JobProgressSchema.safeParse(body);
    if (!p.success || p.data.id !== job) return;
    setLive((prev) => ({ job: p.data.id, progress: Math.max(prev?.job === p.data.id ? prev.progress : 0, p.data.progress) }));
    if (p.data.state === 'completed' || p.data.state === 'failed') void qc.invalidateQueries({ queryKey: importKeys.all });
  });
  if (!file) return 0;
  if (file.status === 'DONE') return 100;
  const polled = file.progress;
  return live && live.job === file.job_id ? Math.max(live.progress, polled) : polled;
}
