/**
 * A `files` field (photos, videos of a site): the attached files in order, each downloadable
 * and removable, and an upload button taking the field's kinds of file (`accept`, contract
 * common/attachments.ts). A file is uploaded when chosen (`POST /api/attachments/upload-file/`)
 * and joins the list; the card saves the list of ids with the object. The server checks the
 * type by the bytes: its Russian refusal shows under the field.
 */
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_GROUP_LABELS, ATTACHMENT_INPUT_ACCEPT, type Attachment, type FieldDef } from '@tko/contract';
import { Button, List, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { downloadAttachment, formatSize, uploadAttachment } from '../../api/attachments';
import { ApiError, errorMessage } from '../../api/errors';
import { toast } from '../../app/toasts';

interface Props {
  field: FieldDef;
  value: Attachment[] | null | undefined;
  onChange?: (v: Attachment[]) => void;
  disabled?: boolean;
  id?: string;
}

async function download(a: Attachment) {
  try {
    await downloadAttachment(a);
  } catch (e) {
    toast.error('Не удалось скачать файл', errorMessage(e));
  }
}

/** The list of attached files; with `onChange` each can be removed. */
export function FilesList({ value, onChange, disabled }: Pick<Props, 'value' | 'onChange' | 'disabled'>) {
  const files = value ?? [];
  return (
    <List
      size="small"
      dataSource={files}
      locale={{ emptyText: 'Файлов нет' }}
      renderItem={(a) => (
        <List.Item
          key={a.id}
          actions={[
            <Button key="get" type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(a)} aria-label={`Скачать ${a.name}`} />,
            ...(onChange && !disabled
              ? [<Button key="del" type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange(files.filter((f) => f.id !== a.id))} aria-label={`Убрать ${a.name}`} />]
              : []),
          ]}
        >
          <span>
            <PaperClipOutlined /> {a.name} <Typography.Text type="secondary">({formatSize(a.size)})</Typography.Text>
          </span>
        </List.Item>
      )}
    />
  );
}

export function FilesInput({ field, value, onChange, disabled, id }: Props) {
  const accept = field.accept ?? 'any';
  const [busy, setBusy] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const files = value ?? [];
  // The list as last set: several uploads may finish before the form re-renders.
  const latest = useRef(files);
  latest.current = files;
  return (
    <div id={id} role="group">
      <FilesList value={files} onChange={onChange} disabled={disabled} />
      {!disabled && (
        <Upload
          accept={ATTACHMENT_INPUT_ACCEPT[accept]}
          multiple
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy((n) => n + 1);
            setError(null);
            try {
              const uploaded = await uploadAttachment(file as File);
              // Read the latest list: several files may finish in any order.
              latest.current = [...latest.current, uploaded];
              onChange?.(latest.current);
              onSuccess?.(uploaded);
            } catch (e) {
              const message = e instanceof ApiError ? (Object.values(e.fieldErrors)[0]?.join(' ') ?? e.message) : errorMessage(e);
              setError(`${(file as File).name}: ${message}`);
              onError?.(e as Error);
            } finally {
              setBusy((n) => n - 1);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0} style={{ marginTop: 8 }}>
            Загрузить ({ATTACHMENT_GROUP_LABELS[accept]})
          </Button>
        </Upload>
      )}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
