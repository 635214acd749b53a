/**
 * One file picked and sent with a button (Администрирование → Регион: the region's OpenStreetMap
 * extract, Rosstat's ОКТМО file): the picker (one file, kept in the page until sent), the send
 * button, and the failure at the file — the server's message for the field `file`, else its
 * general one. The file goes as the field `file` of a multipart form; the caller's `send` posts it.
 */
import { Alert, Button, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage, validationMessages } from '../api/errors';

export interface SingleFileUploadProps<T> {
  /** The picker's `accept` (file endings, e.g. ".csv,.txt"). */
  accept: string;
  pickLabel: string;
  sendLabel: string;
  /** Said when «send» is pressed without a file. */
  noFileMessage: string;
  /** Posts the form (the file as `file`); a thrown ApiError is shown at the file. */
  send: (form: FormData) => Promise<T>;
  /** The answer of a send that succeeded (the picked file is then cleared). */
  onDone: (answer: T) => void;
  /** Called when a send starts (to clear an earlier result). */
  onStart?: () => void;
  /** Both buttons disabled (e.g. while a load runs). */
  disabled?: boolean;
  /** Shown between the picker and the send button (limits, hints). */
  hint?: ReactNode;
  testIds: { pick?: string; send: string; error: string };
}

export function SingleFileUpload<T>(p: SingleFileUploadProps<T>) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    if (!file) {
      setFailure(p.noFileMessage);
      return;
    }
    setBusy(true);
    setFailure(null);
    p.onStart?.();
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await p.send(form);
      setFile(null);
      p.onDone(answer);
    } catch (e) {
      const fields = e instanceof ApiError ? validationMessages(e.body) : {};
      setFailure(fields.file?.join(' ') ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'picked', name: file.name, status: 'done' }] : [];
  return (
    <>
      <Upload
        accept={p.accept}
        maxCount={1}
        fileList={fileList}
        beforeUpload={(f) => {
          setFile(f);
          setFailure(null);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button disabled={p.disabled} data-testid={p.testIds.pick}>{p.pickLabel}</Button>
      </Upload>
      {p.hint}
      <Button type="primary" onClick={() => void send()} loading={busy} disabled={p.disabled} data-testid={p.testIds.send}>{p.sendLabel}</Button>
      {failure && <Alert type="error" showIcon title={failure} data-testid={p.testIds.error} />}
    </>
  );
}
